extension Reducer {
  /// Runs a child reducer when the parent's enum state is in one case.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifCaseLet(\.loggedIn, action: \.loggedIn) {
  ///     LoggedIn()
  ///   }
  /// ```
  ///
  /// The child runs before the parent. When the state leaves the case, the child's effects are
  /// cancelled, reported as dismissed. A child action that arrives in another case is reported as
  /// an issue.
  @inlinable
  @warn_unqualified_access
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer<CaseState, CaseAction>>(
    _ toCaseState: CaseKeyPath<State, CaseState>,
    action toCaseAction: CaseKeyPath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case> {
    _IfCaseLetReducer(
      parent: self, child: `case`(), toCaseKeyPath: toCaseState,
      toChildState: AnyCasePath(toCaseState), toChildAction: AnyCasePath(toCaseAction),
      location: (fileID, filePath, line, column)
    )
  }
}

/// Made by ``Reducer/ifCaseLet(_:action:then:fileID:filePath:line:column:)``.
public struct _IfCaseLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let child: Child
  @usableFromInline let toCaseKeyPath: AnyKeyPath
  @usableFromInline let toChildState: AnyCasePath<Parent.State, Child.State>
  @usableFromInline let toChildAction: AnyCasePath<Parent.Action, Child.Action>
  @usableFromInline let location: (StaticString, StaticString, UInt, UInt)

  @usableFromInline
  init(
    parent: Parent, child: Child, toCaseKeyPath: AnyKeyPath,
    toChildState: AnyCasePath<Parent.State, Child.State>,
    toChildAction: AnyCasePath<Parent.Action, Child.Action>,
    location: (StaticString, StaticString, UInt, UInt)
  ) {
    self.parent = parent
    self.child = child
    self.toCaseKeyPath = toCaseKeyPath
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.location = location
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
    self.toChildState.extract(from: state).map {
      parentPath.appending(NavigationID(keyPath: self.toCaseKeyPath, state: $0))
    }
  }

  func reduceChild(
    into state: inout Parent.State, action: Parent.Action, parentPath: NavigationIDPath
  ) -> Effect<Parent.Action> {
    guard let childAction = self.toChildAction.extract(from: action) else { return .none }
    guard var childState = self.toChildState.extract(from: state),
      let path = self.childPath(in: state, parentPath: parentPath)
    else {
      let (fileID, filePath, line, column) = self.location
      reportMissingChild(
        action, reducer: "ifCaseLet",
        expected: "state was in another case (\(enumCaseName(of: state) ?? "\(state)"))",
        fileID: fileID, filePath: filePath, line: line, column: column)
      return .none
    }
    let toChildAction = self.toChildAction
    let effects = reduceNavigationChild(
      self.child, state: &childState, action: childAction, path: path,
      step: ScopeStep(
        keyPath: self.toCaseKeyPath, label: enumCaseName(of: state)),
      from: Parent.State.self
    )
    state = self.toChildState.embed(childState)
    return effects.map { toChildAction.embed($0) }
  }
}
