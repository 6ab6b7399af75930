/// Runs a child reducer on part of the parent's state, for the actions that belong to the child.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   Scope(state: \.counter, action: \.counter) {
///     Counter()
///   }
///   Reduce { state, action in
///     // The parent runs after the child.
///     .none
///   }
/// }
/// ```
///
/// Actions that are not the child's pass through untouched. The child's effects are mapped back
/// into the parent's actions. When the store is observed, the child reports itself as a scope
/// (its path from the root) so a profiler can time it.
public struct Scope<ParentState, ParentAction, Child: Reducer>: Reducer {
  @usableFromInline let toChildState: WritableKeyPath<ParentState, Child.State>
  @usableFromInline let toChildAction: AnyCasePath<ParentAction, Child.Action>
  @usableFromInline let child: Child

  /// Scopes a child reducer to the state at `toChildState` and the actions in the case
  /// `toChildAction`.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      toChildState: toChildState, toChildAction: AnyCasePath(toChildAction), child: child())
  }

  @usableFromInline
  init(
    toChildState: WritableKeyPath<ParentState, Child.State>,
    toChildAction: AnyCasePath<ParentAction, Child.Action>,
    child: Child
  ) {
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.child = child
  }

  /// Scopes a child reducer to the state at `toChildState` and the actions in the case
  /// `toChildAction`, in TCA's newest spelling without the `state:` label.
  ///
  /// ```swift
  /// Scope(\.profile, action: \.profile) {
  ///   ProfileFeature()
  /// }
  /// ```
  @inlinable
  public init<ChildState, ChildAction>(
    _ toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: toChildState, action: toChildAction, child: child)
  }

  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = self.toChildAction.extract(from: action) else { return .none }
    guard let context = InstrumentationContext.current else {
      return self.run(childAction, on: &state)
    }
    return context.withScope(ScopeStep(keyPath: self.toChildState)) {
      self.run(childAction, on: &state)
    }
  }

  @inlinable
  func run(_ childAction: Child.Action, on state: inout ParentState) -> Effect<ParentAction> {
    let toChildAction = self.toChildAction
    guard StateReads.isTaking else {
      return self.child
        ._reduce(into: &state[keyPath: self.toChildState], action: childAction)
        .map { toChildAction.embed($0) }
    }
    return self.runTakingReads(childAction, on: &state[keyPath: self.toChildState])
      .map { toChildAction.embed($0) }
  }

  /// Runs the child while a recorder takes reads: the child's reads are paths inside the
  /// scope's, and the scope's own access to the child is not a read.
  @usableFromInline
  func runTakingReads(_ childAction: Child.Action, on state: inout Child.State)
    -> Effect<Child.Action>
  {
    let entered = StateReads.enter(
      ScopeStep(keyPath: self.toChildState), element: nil, from: ParentState.self,
      into: Child.State.self)
    defer { if entered { StateReads.exit() } }
    return self.child._reduce(into: &state, action: childAction)
  }
}
