import ComposableRuntime

/// Watches the replaying store: the effects it starts and ends, and the actions effects send back
/// (live mode), kept until the replay takes them.
@MainActor
final class ReplayObserver<State, Action>: StoreObserver {
  var started: [EffectStart] = []
  var ended: [(id: EffectID, outcome: EffectOutcome)] = []
  var received: [(action: Action, origin: ActionOrigin)] = []

  nonisolated init() {}

  func storeDidReceive(_ action: Action, id: ActionID, origin: ActionOrigin) {
    if case .effect = origin { self.received.append((action, origin)) }
  }

  func effectDidStart(_ effect: EffectStart) {
    self.started.append(effect)
  }

  func effectDidEnd(_ effect: EffectID, outcome: EffectOutcome) {
    self.ended.append((effect, outcome))
  }
}
