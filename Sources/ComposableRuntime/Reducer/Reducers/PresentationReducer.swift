extension Reducer {
  /// Runs a presented feature (a sheet, a destination enum) on ``PresentationState``.
  ///
  /// ```swift
  /// Reduce { state, action in
  ///   switch action {
  ///   case .addButtonTapped:
  ///     state.destination = .editor(Editor.State())
  ///     return .none
  ///   case .destination(.presented(.editor(.delegate(.saved(let item))))):
  ///     state.items.append(item)
  ///     return .none
  ///   case .destination:
  ///     return .none
  ///   }
  /// }
  /// .ifLet(\.$destination, action: \.destination) {
  ///   Destination.body
  /// }
  /// ```
  ///
  /// The child runs before the parent. While it is presented, one long-lived effect waits for the
  /// child to call `\.dismiss`; then the parent receives `.dismiss`, which clears the state after the
  /// parent has seen it. Whenever the presented state goes away or changes identity (another enum
  /// case), the old child's effects are cancelled, reported as dismissed.
  @inlinable
  @warn_unqualified_access
  public func ifLet<
    DestinationState, DestinationAction,
    Destination: Reducer<DestinationState, DestinationAction>
  >(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, Destination> {
    _PresentationReducer(
      base: self, destination: destination(), toPresentationState: toPresentationState,
      toPresentationAction: AnyCasePath(toPresentationAction),
      location: (fileID, filePath, line, column)
    )
  }

  /// Runs a presented `@Reducer enum` destination, with the reducer the macro generated for it.
  ///
  /// ```swift
  /// .ifLet(\.$destination, action: \.destination)
  /// ```
  @inlinable
  @warn_unqualified_access
  public func ifLet<DestinationState: CaseReducerState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, DestinationState.StateReducer.Body>
  where DestinationState.StateReducer.Action == DestinationAction {
    _PresentationReducer(
      base: self, destination: DestinationState.StateReducer.body,
      toPresentationState: toPresentationState,
      toPresentationAction: AnyCasePath(toPresentationAction),
      location: (fileID, filePath, line, column)
    )
  }
}

extension Reducer {
  /// Presents an alert or a confirmation dialog, which needs no reducer of its own.
  ///
  /// ```swift
  /// Reduce { state, action in
  ///   switch action {
  ///   case .deleteButtonTapped:
  ///     state.alert = AlertState { TextState("Delete?") } actions: {
  ///       ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
  ///     }
  ///     return .none
  ///   case .alert(.presented(.confirmDeletion)):
  ///     // `state.alert` is cleared once this returns.
  ///     return .none
  ///   case .alert:
  ///     return .none
  ///   }
  /// }
  /// .ifLet(\.$alert, action: \.alert)
  /// ```
  ///
  /// The alert is ephemeral: after the parent has handled one of its actions, or `.dismiss`, it
  /// is set to `nil`.
  @inlinable
  @warn_unqualified_access
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: CaseKeyPath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>> {
    _PresentationReducer(
      base: self, destination: EmptyReducer(), toPresentationState: toPresentationState,
      toPresentationAction: AnyCasePath(toPresentationAction),
      location: (fileID, filePath, line, column)
    )
  }
}

/// Made by ``Reducer/ifLet(_:action:destination:fileID:filePath:line:column:)``.
public struct _PresentationReducer<Base: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let destination: Destination
  @usableFromInline let toPresentationState:
    WritableKeyPath<Base.State, PresentationState<Destination.State>>
  @usableFromInline let toPresentationAction:
    AnyCasePath<Base.Action, PresentationAction<Destination.Action>>
  @usableFromInline let location: (StaticString, StaticString, UInt, UInt)

  @usableFromInline
  init(
    base: Base, destination: Destination,
    toPresentationState: WritableKeyPath<Base.State, PresentationState<Destination.State>>,
    toPresentationAction: AnyCasePath<Base.Action, PresentationAction<Destination.Action>>,
    location: (StaticString, StaticString, UInt, UInt)
  ) {
    self.base = base
    self.destination = destination
    self.toPresentationState = toPresentationState
    self.toPresentationAction = toPresentationAction
    self.location = location
  }

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    @Dependency(\.navigationIDPath) var parentPath
    @Dependency(\.navigationSignals) var navigationSignals
    let signals = navigationSignals
    let initialPath = self.destinationPath(in: state, parentPath: parentPath)

    var destinationEffects = Effect<Base.Action>.none
    let baseEffects: Effect<Base.Action>
    switch (initialPath, self.toPresentationAction.extract(from: action)) {
    case (.some(let path), .some(.dismiss)):
      baseEffects = self.base._reduce(into: &state, action: action)
      if self.destinationPath(in: state, parentPath: parentPath) == path {
        state[keyPath: self.toPresentationState].wrappedValue = nil
      }
    case let (.some(path), .some(.presented(destinationAction))):
      let ephemeral = ephemeralID(of: state[keyPath: self.toPresentationState].wrappedValue!)
      let toPresentationAction = self.toPresentationAction
      let label =
        InstrumentationContext.current == nil && !StateReads.isTaking
        ? nil : KeyPathName.label(of: self.toPresentationState, in: state)
      destinationEffects = reduceNavigationChild(
        self.destination,
        state: &state[keyPath: self.toPresentationState].wrappedValue!,
        action: destinationAction,
        path: path,
        dismiss: DismissEffect { signals.dismiss(path) },
        step: ScopeStep(keyPath: self.toPresentationState, label: label),
        from: Base.State.self
      )
      .map { toPresentationAction.embed(.presented($0)) }
      baseEffects = self.base._reduce(into: &state, action: action)
      // NB: As in TCA, an alert or dialog is cleared after the parent has seen its action, unless
      // the parent presented another one meanwhile.
      if let ephemeral,
        let current = state[keyPath: self.toPresentationState].wrappedValue,
        ephemeralID(of: current) == ephemeral
      {
        state[keyPath: self.toPresentationState].wrappedValue = nil
      }
    case (.none, .some):
      let (fileID, filePath, line, column) = self.location
      reportMissingChild(
        action, reducer: "ifLet", expected: "destination state was absent",
        fileID: fileID, filePath: filePath, line: line, column: column)
      baseEffects = self.base._reduce(into: &state, action: action)
    case (_, .none):
      baseEffects = self.base._reduce(into: &state, action: action)
    }

    let finalPath = self.destinationPath(in: state, parentPath: parentPath)
    var dismissEffects = Effect<Base.Action>.none
    if let initialPath, initialPath != finalPath {
      dismissEffects = .dismissal(of: initialPath)
    }
    var presentEffects = Effect<Base.Action>.none
    if let finalPath, finalPath != initialPath || !signals.isPresented(finalPath) {
      presentEffects = .presentation(
        of: finalPath, signals: signals, dismissAction: self.toPresentationAction.embed(.dismiss))
    }
    return .merge(destinationEffects, baseEffects, dismissEffects, presentEffects)
  }

  func destinationPath(in state: Base.State, parentPath: NavigationIDPath) -> NavigationIDPath? {
    state[keyPath: self.toPresentationState].wrappedValue.map {
      parentPath.appending(NavigationID(keyPath: self.toPresentationState, state: $0))
    }
  }
}
