/// A reducer made from an enum of reducers, as `@Reducer enum Destination { … }` generates: each
/// case of its state runs the reducer of the same case.
///
/// The enum is never instantiated: its reducer is the generated `static var body`, which
/// `ifLet(\.$destination, action:)` and `forEach(\.path, action:)` run.
public protocol CaseReducer<State, Action>: Reducer
where State: CaseReducerState, Body: Reducer, Body.State == State, Body.Action == Action {
  // NB: Restated so that the macro's generated members bind them without ambiguity.
  associatedtype State = State
  associatedtype Action = Action
  associatedtype Body = Body

  /// One case per feature, each holding a store scoped to that feature.
  associatedtype CaseScope

  /// The reducer of the whole enum: each case's reducer, scoped with `ifCaseLet`.
  @ReducerBuilder<State, Action>
  static var body: Body { get }

  /// Splits a store of the enum into a store of the case it is in now.
  @preconcurrency @MainActor
  static func scope(_ store: Store<State, Action>) -> CaseScope
}

extension CaseReducer {
  /// Every instance runs the generated static body: a case reducer has no state of its own.
  public var body: Body {
    Self.body
  }
}

/// The state of a ``CaseReducer``: an enum whose cases hold each feature's state.
public protocol CaseReducerState {
  /// The enum reducer this state belongs to.
  associatedtype StateReducer: CaseReducer where StateReducer.State == Self
}
