import CasePaths

extension Scope where ParentAction: CasePathable {
  /// Scopes a child reducer to the state at `toChildState` and the actions in one case, named
  /// by the case's member of the action's `AllCasePaths`.
  ///
  /// This is how `Scope(state: \.counter, action: \.counter)` compiles when `\.counter` names a
  /// case of the action directly: the key path is a plain property of `AllCasePaths`, which Swift
  /// builds once and caches, where a case key path (`\Case<Action>.counter`) is built again each
  /// time a reducer's `body` runs. Chains (`\.path[id: 0].detail`, `\.destination.editor`) still
  /// compile to case key paths.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: KeyPath<ParentAction.AllCasePaths, AnyCasePath<ParentAction, ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      toChildState: toChildState, toChildAction: ParentAction.allCasePaths[keyPath: toChildAction],
      child: child())
  }

  /// The spelling without the `state:` label, as TCA's newest versions write it.
  @inlinable
  public init<ChildState, ChildAction>(
    _ toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: KeyPath<ParentAction.AllCasePaths, AnyCasePath<ParentAction, ChildAction>>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: toChildState, action: toChildAction, child: child)
  }
}
