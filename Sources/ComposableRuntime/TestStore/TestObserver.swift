/// What a `TestStore` learns from its store's instrumentation: the state after each action, the
/// actions effects sent back, and the effects still running.
@MainActor
final class TestObserver<State, Action>: StoreObserver {
  /// An action an effect sent, with the state after the store reduced it.
  struct Received {
    let action: Action
    let state: State
  }

  private var actions: [ActionID: (action: Action, origin: ActionOrigin)] = [:]
  private(set) var lastSent: ActionID?
  private(set) var stateAfter: [ActionID: State] = [:]
  var received: [Received] = []
  private(set) var inFlight: [EffectID: ActionID] = [:]

  func storeDidReceive(_ action: Action, id: ActionID, origin: ActionOrigin) {
    self.actions[id] = (action, origin)
    if origin == .send { self.lastSent = id }
  }

  func reducerDidRun(_ action: ActionID, state: State) {
    guard let entry = self.actions[action] else { return }
    switch entry.origin {
    case .send: self.stateAfter[action] = state
    case .effect: self.received.append(Received(action: entry.action, state: state))
    }
  }

  func effectDidStart(_ effect: EffectStart) {
    // NB: As in TCA, a presented child's long-lived effect is not an effect the test must end:
    // it lives as long as the child, and the store cancels it when it is released.
    guard effect.kind != .presentation else { return }
    self.inFlight[effect.id] = effect.action
  }

  func effectDidEnd(_ effect: EffectID, outcome: EffectOutcome) {
    self.inFlight[effect] = nil
  }

  /// Stops asserting the effects running now, as a dismissed feature's test store does.
  func forgetEffectsInFlight() {
    self.inFlight.removeAll()
  }

  /// The actions that started the effects still running, oldest first.
  var actionsWithEffectsInFlight: [Action] {
    Set(self.inFlight.values).sorted().compactMap { self.actions[$0]?.action }
  }
}
