import ComposableRuntime
import DemoApp
import Foundation
import Trace

@testable import Recorder

/// A fresh path for a trace in a temporary folder.
func temporaryTracePath(_ name: String = "trace") -> String {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("tca-replay-tests-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder.appendingPathComponent("\(name).sqlite").path
}

/// Sits in front of the recorder's observer, passing every event on, and keeps what the store
/// did so tests can compare it with what the trace holds.
@MainActor
final class Witness: StoreObserver {
  typealias State = AppFeature.State
  typealias Action = AppFeature.Action

  let next: any StoreObserver<State, Action>
  var received: [(id: ActionID, action: Action, origin: ActionOrigin)] = []
  var states: [(id: ActionID, state: State)] = []
  var outcomes: [EffectID: EffectOutcome] = [:]

  init(forwardingTo next: any StoreObserver<State, Action>) {
    self.next = next
  }

  func storeDidReceive(_ action: Action, id: ActionID, origin: ActionOrigin) {
    received.append((id, action, origin))
    next.storeDidReceive(action, id: id, origin: origin)
  }
  func reducerWillRun(_ action: ActionID, state: State) {
    next.reducerWillRun(action, state: state)
  }
  func reducerDidRun(_ action: ActionID, state: State) {
    states.append((action, state))
    next.reducerDidRun(action, state: state)
  }
  func scopeWillRun(_ path: ScopePath, action: ActionID) { next.scopeWillRun(path, action: action) }
  func scopeDidRun(_ path: ScopePath, action: ActionID) { next.scopeDidRun(path, action: action) }
  func effectDidStart(_ effect: EffectStart) { next.effectDidStart(effect) }
  func effectDidEnd(_ effect: EffectID, outcome: EffectOutcome) {
    outcomes[effect] = outcome
    next.effectDidEnd(effect, outcome: outcome)
  }
}
