import ComposableRuntime

/// Watches the replaying store: the effects it starts and ends, kept until the replay takes them.
@MainActor
final class ReplayObserver<State, Action>: StoreObserver {
  var started: [EffectStart] = []
  var ended: [(id: EffectID, outcome: EffectOutcome)] = []

  nonisolated init() {}

  func effectDidStart(_ effect: EffectStart) {
    self.started.append(effect)
  }

  func effectDidEnd(_ effect: EffectID, outcome: EffectOutcome) {
    self.ended.append((effect, outcome))
  }
}
