/// Applies binding actions to the state: each ``BindingAction`` sets its field, and the reducer
/// returns no effect.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in
///     switch action {
///     case .binding(\.name):
///       // `state.name` is already the new value.
///       state.isSaveEnabled = !state.name.isEmpty
///       return .none
///     case .binding:
///       return .none
///     …
///     }
///   }
/// }
/// ```
///
/// List it first in `body`, so that the feature's own reducer sees the state already updated.
/// For binding actions nested in a view action (`case view(View)` with `View: BindableAction`),
/// use `BindingReducer(action: \.view)`.
public struct BindingReducer<State, Action, ViewAction: BindableAction>: Reducer
where State == ViewAction.State {
  @usableFromInline let toViewAction: @Sendable (Action) -> ViewAction?

  /// A reducer for an action that is itself bindable.
  @inlinable
  public init() where Action == ViewAction {
    self.toViewAction = { $0 }
  }

  /// A reducer for the bindable actions in the case `toViewAction`, such as `\.view`.
  @inlinable
  public init(action toViewAction: CaseKeyPath<Action, ViewAction>) {
    let casePath = AnyCasePath(toViewAction)
    self.toViewAction = { casePath.extract(from: $0) }
  }

  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    guard let bindingAction = self.toViewAction(action)?.binding else { return .none }
    bindingAction.set(&state)
    return .none
  }
}
