/// What a `Store` reads and sends through: the root store's core owns the state and runs the
/// reducer; a scoped store's core reads and sends through its parent's.
@MainActor
protocol Core<State, Action>: AnyObject {
  associatedtype State
  associatedtype Action
  var state: State { get }
  func send(_ action: Action, site: SendLocation?) -> StoreTask
  var trackedEffects: [EffectID] { get }
  func endTrackedEffect(_ id: EffectID, outcome: EffectOutcome) -> Bool
}

extension Core {
  var trackedEffects: [EffectID] { [] }
  func endTrackedEffect(_ id: EffectID, outcome: EffectOutcome) -> Bool { false }
}
