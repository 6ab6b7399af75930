import ComposableRuntime
import DemoApp

/// Prints a store's instrumentation events as they happen, one line each, with the time on the
/// session's clock.
@MainActor
final class SessionPrinter: StoreObserver {
  typealias State = AppFeature.State
  typealias Action = AppFeature.Action

  private let clock: TestClock<Duration>
  private let start: TestClock<Duration>.Instant
  private var before: AppFeature.State?

  init(clock: TestClock<Duration>) {
    self.clock = clock
    self.start = clock.now
  }

  private var timestamp: String {
    let elapsed = start.duration(to: clock.now).components
    let milliseconds = elapsed.seconds * 1000 + elapsed.attoseconds / 1_000_000_000_000_000
    return "t=\(milliseconds)ms".padding(toLength: 9, withPad: " ", startingAt: 0)
  }

  func storeDidReceive(_ action: Action, id: ActionID, origin: ActionOrigin) {
    let source: String
    switch origin {
    case .send: source = "send"
    case let .effect(effect): source = "\(effect)"
    }
    print("\(timestamp) \(id) \(Self.name(of: action))  ← \(source)")
  }

  func reducerWillRun(_ action: ActionID, state: State) {
    before = state
  }

  func reducerDidRun(_ action: ActionID, state: State) {
    guard let before, let difference = diff(before, state) else { return }
    // Only the changed lines: the context custom-dump prints around them is the whole state.
    for line in difference.split(separator: "\n") where line.hasPrefix("-") || line.hasPrefix("+") {
      print("            \(line.first!) \(line.dropFirst().trimmingPrefix(while: \.isWhitespace))")
    }
  }

  func effectDidStart(_ effect: EffectStart) {
    let ids = effect.cancelIDs.isEmpty
      ? "" : " cancellable by \(effect.cancelIDs.map { "\($0.base)" }.joined(separator: ", "))"
    print("\(timestamp)   \(effect.id) \(effect.kind.rawValue) started by \(effect.action)\(ids)")
  }

  func effectDidEnd(_ effect: EffectID, outcome: EffectOutcome) {
    print("\(timestamp)   \(effect) \(outcome)")
  }

  /// The action's case path and payload without type names: `counter.view.incrementButtonTapped`.
  static func name(of action: Action) -> String {
    "\(action)".replacing(#/(?:[A-Z]\w*\.)+/#, with: "")
  }
}
