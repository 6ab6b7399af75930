/// Groups reducers so that an operator can apply to all of them at once.
///
/// ```swift
/// CombineReducers {
///   Scope(state: \.child, action: \.child) { Child() }
///   Reduce { state, action in .none }
/// }
/// .onChange(of: \.child.count) { _, _ in Reduce { _, _ in .none } }
/// ```
public struct CombineReducers<State, Action, Reducers: Reducer<State, Action>>: Reducer {
  @usableFromInline
  let reducers: Reducers

  /// Runs the reducers the builder lists, in order.
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    self.reducers = build()
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    self.reducers._reduce(into: &state, action: action)
  }
}
