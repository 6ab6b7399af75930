/// An optional reducer runs when it is there and does nothing when it is `nil`, as an `if` without
/// `else` does in a ``ReducerBuilder``.
extension Optional: Reducer where Wrapped: Reducer {
  @inlinable
  public func reduce(
    into state: inout Wrapped.State, action: Wrapped.Action
  ) -> Effect<Wrapped.Action> {
    switch self {
    case let .some(wrapped): wrapped._reduce(into: &state, action: action)
    case .none: .none
    }
  }
}
