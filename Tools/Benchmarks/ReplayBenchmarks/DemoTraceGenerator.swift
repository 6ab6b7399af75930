import ComposableRuntime
import DemoApp
import Foundation
import Recorder

/// Records a long session of the demo app for the replay benchmark: `count` actions sent from
/// outside, a mix of the counter, todos (added, described, toggled) and the item editor, none of
/// which waits on a clock, so the store handles every one at once.
@MainActor
enum DemoTraceGenerator {
  /// The actions of the session, in order; the same list is sent straight to a store to price
  /// the ceiling.
  static func actions(count: Int) -> [AppFeature.Action] {
    var actions: [AppFeature.Action] = []
    actions.reserveCapacity(count)
    var index = 0
    while actions.count < count {
      switch index % 8 {
      case 0, 1, 2: actions.append(.counter(.view(.incrementButtonTapped)))
      case 3: actions.append(.counter(.view(.decrementButtonTapped)))
      case 4: actions.append(.clearFactsButtonTapped)
      case 5: actions.append(.items(.view(.editButtonTapped(1))))
      case 6: actions.append(.items(.destination(.presented(.editor(.view(.nameChanged("Tent \(index)")))))))
      default: actions.append(.items(.view(.cancelEditButtonTapped)))
      }
      index += 1
    }
    return actions
  }

  /// Records `actions` into a trace at `path`.
  static func record(_ actions: [AppFeature.Action], to path: String) async throws {
    var options = Recorder.Options()
    options.memoryLimit = 1 << 30
    let recorder = try Recorder(path: path, options: options)
    let clock = TestClock()
    let store = Store(initialState: AppFeature.State()) {
      AppFeature().record(to: recorder)
    } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
    }
    for (offset, action) in actions.enumerated() {
      store.send(action)
      if offset.isMultiple(of: 1_000) { await Task.yield() }
    }
    await recorder.finish()
  }
}
