/// Several observers watching one store: each event goes to every one of them, in the order they
/// were added.
///
/// A store with one observer calls it directly; only a store with two or more pays for the loop.
@MainActor
final class StoreObserverGroup<State, Action>: StoreObserver {
  let observers: [any StoreObserver<State, Action>]

  init(_ observers: [any StoreObserver<State, Action>]) {
    self.observers = observers
  }

  func storeDidReceive(
    _ action: Action, id: ActionID, origin: ActionOrigin, site: SendLocation?
  ) {
    for observer in self.observers {
      observer.storeDidReceive(action, id: id, origin: origin, site: site)
    }
  }

  func reducerWillRun(_ action: ActionID, state: State) {
    for observer in self.observers { observer.reducerWillRun(action, state: state) }
  }

  func reducerDidRun(_ action: ActionID, state: State) {
    for observer in self.observers { observer.reducerDidRun(action, state: state) }
  }

  func scopeWillRun(_ path: ScopePath, action: ActionID) {
    for observer in self.observers { observer.scopeWillRun(path, action: action) }
  }

  func scopeDidRun(_ path: ScopePath, action: ActionID) {
    for observer in self.observers { observer.scopeDidRun(path, action: action) }
  }

  func effectDidStart(_ effect: EffectStart) {
    for observer in self.observers { observer.effectDidStart(effect) }
  }

  func effectDidEnd(_ effect: EffectID, outcome: EffectOutcome) {
    for observer in self.observers { observer.effectDidEnd(effect, outcome: outcome) }
  }
}
