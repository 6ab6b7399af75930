extension Reducer {
  /// Runs a child reducer on optional child state, when it is there.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.child, action: \.child) {
  ///     Child()
  ///   }
  /// ```
  ///
  /// The child runs before the parent. When the parent sets the child's state to `nil`, the child's
  /// effects are cancelled (reported as dismissed). A child action that arrives while the state is
  /// `nil` is reported as an issue.
  @inlinable
  @warn_unqualified_access
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer<WrappedState, WrappedAction>>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Wrapped> {
    _IfLetReducer(
      parent: self, child: wrapped(), toChildState: toWrappedState,
      toChildAction: AnyCasePath(toWrappedAction),
      location: (fileID, filePath, line, column)
    )
  }
}

extension Reducer {
  /// Runs an alert or a confirmation dialog held in optional state (not `@Presents`), which needs
  /// no reducer of its own.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.alert, action: \.alert)
  /// ```
  ///
  /// As in TCA, the state is cleared as soon as one of its actions arrives, before the parent
  /// sees the action.
  @inlinable
  @warn_unqualified_access
  public func ifLet<WrappedState: _EphemeralState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: CaseKeyPath<Action, WrappedAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, EmptyReducer<WrappedState, WrappedAction>> {
    _IfLetReducer(
      parent: self, child: EmptyReducer(), toChildState: toWrappedState,
      toChildAction: AnyCasePath(toWrappedAction),
      location: (fileID, filePath, line, column)
    )
  }
}

/// Made by ``Reducer/ifLet(_:action:then:fileID:filePath:line:column:)``.
public struct _IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toChildState: WritableKeyPath<Parent.State, Child.State?>
  @usableFromInline let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  @usableFromInline let location: (StaticString, StaticString, UInt, UInt)
  /// Whether the child is an alert or a dialog, cleared once it has sent an action.
  let isEphemeral: Bool

  @usableFromInline
  init(
    parent: Parent, child: Child, toChildState: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: AnyCasePath<Parent.Action, Child.Action>,
    location: (StaticString, StaticString, UInt, UInt)
  ) {
    self.parent = parent
    self.child = child
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.location = location
    self.isEphemeral = Child.State.self is any _EphemeralState.Type
  }

  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    @Dependency(\.navigationIDPath) var parentPath
    let childEffects = self.reduceChild(into: &state, action: action, parentPath: parentPath)
    return childEffects.merge(
      with: reduceParentDismissingChild(self.parent, state: &state, action: action) {
        self.childPath(in: $0, parentPath: parentPath)
      })
  }

  func childPath(in state: Parent.State, parentPath: NavigationIDPath) -> NavigationIDPath? {
    state[keyPath: self.toChildState].map {
      parentPath.appending(NavigationID(keyPath: self.toChildState, state: $0))
    }
  }

  func reduceChild(
    into state: inout Parent.State, action: Parent.Action, parentPath: NavigationIDPath
  ) -> Effect<Parent.Action> {
    guard let childAction = self.toChildAction.extract(from: action) else { return .none }
    guard let path = StateReads.ignoring({ self.childPath(in: state, parentPath: parentPath) })
    else {
      let (fileID, filePath, line, column) = self.location
      reportMissingChild(
        action, reducer: "ifLet", expected: "child state was nil",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return .none
    }
    let toChildAction = self.toChildAction
    // NB: As in TCA, ephemeral state goes before the parent sees the action.
    defer { if self.isEphemeral { state[keyPath: self.toChildState] = nil } }
    return reduceNavigationChild(
      self.child, state: &state[keyPath: self.toChildState]!, action: childAction, path: path,
      step: ScopeStep(keyPath: self.toChildState),
      from: Parent.State.self
    )
    .map { toChildAction.embed($0) }
  }
}
