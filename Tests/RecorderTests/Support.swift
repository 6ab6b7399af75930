import ComposableRuntime
import DemoApp
import Foundation
import RuntimeReflection
import StateReflection
import TestSupport
import Trace

@testable import Recorder

/// Watches the store beside the recorder and keeps what the store did, so tests can compare it
/// with what the trace holds.
@MainActor
final class Witness: StoreObserver {
  typealias State = AppFeature.State
  typealias Action = AppFeature.Action

  var received: [(id: ActionID, action: Action, origin: ActionOrigin)] = []
  var states: [(id: ActionID, state: State)] = []
  /// Each state as it read when the reducer left it: shared values in it are references, and
  /// read later they would give later values.
  var reflected: [TraceValue] = []
  var outcomes: [EffectID: EffectOutcome] = [:]

  func storeDidReceive(_ action: Action, id: ActionID, origin: ActionOrigin) {
    received.append((id, action, origin))
  }
  func reducerDidRun(_ action: ActionID, state: State) {
    states.append((action, state))
    reflected.append(Reflection.value(of: state))
  }
  func effectDidEnd(_ effect: EffectID, outcome: EffectOutcome) {
    outcomes[effect] = outcome
  }
}
