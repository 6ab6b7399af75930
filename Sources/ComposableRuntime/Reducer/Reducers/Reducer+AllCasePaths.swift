import CasePaths

// The operators' spellings for an action case named directly (`action: \.child`): the key path
// is a property of the action's `AllCasePaths`, which Swift builds once and caches, where a case
// key path (`\Case<Action>.child`) is built again every time a reducer's `body` runs. Chains
// (`\.path[id: 0].detail`, `\.destination.editor`) still compile to case key paths. See
// `Scope+AllCasePaths.swift`.
extension Reducer where Action: CasePathable {
  /// ``ifLet(_:action:then:fileID:filePath:line:column:)`` for an action case named directly.
  @inlinable
  @warn_unqualified_access
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer<WrappedState, WrappedAction>>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: KeyPath<Action.AllCasePaths, AnyCasePath<Action, WrappedAction>>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Wrapped> {
    _IfLetReducer(
      parent: self, child: wrapped(), toChildState: toWrappedState,
      toChildAction: Action.allCasePaths[keyPath: toWrappedAction],
      location: (fileID, filePath, line, column)
    )
  }

  /// ``ifLet(_:action:fileID:filePath:line:column:)`` (an alert or a dialog in optional state)
  /// for an action case named directly.
  @inlinable
  @warn_unqualified_access
  public func ifLet<WrappedState: _EphemeralState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: KeyPath<Action.AllCasePaths, AnyCasePath<Action, WrappedAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, EmptyReducer<WrappedState, WrappedAction>> {
    _IfLetReducer(
      parent: self, child: EmptyReducer(), toChildState: toWrappedState,
      toChildAction: Action.allCasePaths[keyPath: toWrappedAction],
      location: (fileID, filePath, line, column)
    )
  }

  /// ``ifLet(_:action:destination:fileID:filePath:line:column:)`` (presented state) for an
  /// action case named directly.
  @inlinable
  @warn_unqualified_access
  public func ifLet<
    DestinationState, DestinationAction,
    Destination: Reducer<DestinationState, DestinationAction>
  >(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, PresentationAction<DestinationAction>>
    >,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, Destination> {
    _PresentationReducer(
      base: self, destination: destination(), toPresentationState: toPresentationState,
      toPresentationAction: Action.allCasePaths[keyPath: toPresentationAction],
      location: (fileID, filePath, line, column)
    )
  }

  /// ``ifLet(_:action:fileID:filePath:line:column:)`` (a presented `@Reducer enum`) for an
  /// action case named directly.
  @inlinable
  @warn_unqualified_access
  public func ifLet<DestinationState: CaseReducerState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, PresentationAction<DestinationAction>>
    >,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, DestinationState.StateReducer.Body>
  where DestinationState.StateReducer.Action == DestinationAction {
    _PresentationReducer(
      base: self, destination: DestinationState.StateReducer.body,
      toPresentationState: toPresentationState,
      toPresentationAction: Action.allCasePaths[keyPath: toPresentationAction],
      location: (fileID, filePath, line, column)
    )
  }

  /// ``forEach(_:action:element:fileID:filePath:line:column:)`` for an action case named
  /// directly.
  @inlinable
  @warn_unqualified_access
  public func forEach<
    ElementState, ElementAction, ID: Hashable, Element: Reducer<ElementState, ElementAction>
  >(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, IdentifiedAction<ID, ElementAction>>
    >,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element> {
    _ForEachReducer(
      parent: self, element: element(), toElementsState: toElementsState,
      toElementAction: Action.allCasePaths[keyPath: toElementAction],
      location: (fileID, filePath, line, column)
    )
  }

  /// ``forEach(_:action:destination:fileID:filePath:line:column:)`` (a navigation stack) for an
  /// action case named directly.
  @inlinable
  @warn_unqualified_access
  public func forEach<
    DestinationState, DestinationAction, Destination: Reducer<DestinationState, DestinationAction>
  >(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, StackAction<DestinationState, DestinationAction>>
    >,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, Destination> {
    _StackReducer(
      base: self, destination: destination(), toStackState: toStackState,
      toStackAction: Action.allCasePaths[keyPath: toStackAction],
      location: (fileID, filePath, line, column)
    )
  }

  /// ``forEach(_:action:fileID:filePath:line:column:)`` (a stack of a `@Reducer enum Path`) for
  /// an action case named directly.
  @inlinable
  @warn_unqualified_access
  public func forEach<DestinationState: CaseReducerState, DestinationAction>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: KeyPath<
      Action.AllCasePaths, AnyCasePath<Action, StackAction<DestinationState, DestinationAction>>
    >,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, DestinationState.StateReducer.Body>
  where DestinationState.StateReducer.Action == DestinationAction {
    _StackReducer(
      base: self, destination: DestinationState.StateReducer.body, toStackState: toStackState,
      toStackAction: Action.allCasePaths[keyPath: toStackAction],
      location: (fileID, filePath, line, column)
    )
  }
}
