/// A reducer that changes nothing and returns no effect.
///
/// Useful as a placeholder, and as the body the ``Reducer()`` macro gives a feature without one.
public struct EmptyReducer<State, Action>: Reducer {
  /// Makes a reducer that does nothing.
  @inlinable
  public init() {}

  @inlinable
  public func reduce(into _: inout State, action _: Action) -> Effect<Action> {
    .none
  }
}
