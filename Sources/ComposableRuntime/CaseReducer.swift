/// A reducer made from an enum of reducers, as `@Reducer enum Destination { … }` generates: each
/// case of its state runs the reducer of the same case.
public protocol CaseReducer<State, Action>: Reducer
where State: CaseReducerState, State.StateReducer.Action == Action, Body == Reduce<State, Action> {
  /// One case per feature, each holding a store scoped to that feature.
  associatedtype CaseScope

  /// The reducer of the whole enum: each case's reducer, scoped with `ifCaseLet`.
  static var body: Reduce<State, Action> { get }

  /// Splits a store of the enum into a store of the case it is in now.
  @MainActor static func scope(_ store: Store<State, Action>) -> CaseScope
}

extension CaseReducer {
  /// Every instance runs the generated static body: a case reducer has no state of its own.
  @inlinable
  public var body: Reduce<State, Action> {
    Self.body
  }
}

/// The state of a ``CaseReducer``: an enum whose cases hold each feature's state.
public protocol CaseReducerState {
  /// The enum reducer this state belongs to.
  associatedtype StateReducer: CaseReducer where StateReducer.State == Self
}
