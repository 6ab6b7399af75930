extension Reducer {
  /// Runs the features of a navigation stack on ``StackState``.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.path, action: \.path)
  /// ```
  ///
  /// Element actions run the element's reducer before the parent. `push` and `popFrom` change the
  /// stack after the parent has seen them. Each element has one long-lived effect that waits for
  /// it to call `\.dismiss` and then pops it; when an element leaves the stack its effects are
  /// cancelled, reported as dismissed.
  @inlinable
  @warn_unqualified_access
  public func forEach<
    DestinationState, DestinationAction, Destination: Reducer<DestinationState, DestinationAction>
  >(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, Destination> {
    _StackReducer(
      base: self, destination: destination(), toStackState: toStackState,
      toStackAction: AnyCasePath(toStackAction), location: (fileID, filePath, line, column)
    )
  }

  /// Runs a stack of a `@Reducer enum Path`, with the reducer the macro generated for it.
  @inlinable
  @warn_unqualified_access
  public func forEach<DestinationState: CaseReducerState, DestinationAction>(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: CaseKeyPath<Action, StackAction<DestinationState, DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, DestinationState.StateReducer.Body>
  where DestinationState.StateReducer.Action == DestinationAction {
    _StackReducer(
      base: self, destination: DestinationState.StateReducer.body, toStackState: toStackState,
      toStackAction: AnyCasePath(toStackAction), location: (fileID, filePath, line, column)
    )
  }
}

/// Made by ``Reducer/forEach(_:action:destination:fileID:filePath:line:column:)``.
public struct _StackReducer<Base: Reducer, Destination: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let destination: Destination
  @usableFromInline let toStackState: WritableKeyPath<Base.State, StackState<Destination.State>>
  @usableFromInline let toStackAction:
    AnyCasePath<Base.Action, StackAction<Destination.State, Destination.Action>>
  @usableFromInline let location: (StaticString, StaticString, UInt, UInt)

  @usableFromInline
  init(
    base: Base, destination: Destination,
    toStackState: WritableKeyPath<Base.State, StackState<Destination.State>>,
    toStackAction: AnyCasePath<Base.Action, StackAction<Destination.State, Destination.Action>>,
    location: (StaticString, StaticString, UInt, UInt)
  ) {
    self.base = base
    self.destination = destination
    self.toStackState = toStackState
    self.toStackAction = toStackAction
    self.location = location
  }

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    @Dependency(\.navigationIDPath) var parentPath
    @Dependency(\.navigationSignals) var navigationSignals
    let signals = navigationSignals
    let idsBefore = StateReads.ignoring { state[keyPath: self.toStackState].ids }
    let (fileID, filePath, line, column) = self.location

    var destinationEffects = Effect<Base.Action>.none
    let baseEffects: Effect<Base.Action>
    switch self.toStackAction.extract(from: action) {
    case let .element(id, destinationAction):
      if StateReads.ignoring({ state[keyPath: self.toStackState][id: id] != nil }) {
        let path = self.path(of: id, parentPath)
        let toStackAction = self.toStackAction
        destinationEffects = reduceNavigationChild(
          self.destination, state: &state[keyPath: self.toStackState][id: id]!,
          action: destinationAction, path: path,
          dismiss: DismissEffect { signals.dismiss(path) },
          step: ScopeStep(keyPath: self.toStackState, elementID: AnyHashableSendable(id)),
          from: Base.State.self, element: .field(id.description)
        )
        .map { toStackAction.embed(.element(id: id, action: $0)) }
      } else {
        reportMissingChild(
          action, reducer: "forEach", expected: "no stack element with id \(id) was on the stack",
          fileID: fileID, filePath: filePath, line: line, column: column)
      }
      baseEffects = self.base._reduce(into: &state, action: action)
    case let .popFrom(id):
      baseEffects = self.base._reduce(into: &state, action: action)
      if StateReads.ignoring({ state[keyPath: self.toStackState].ids.contains(id) }) {
        state[keyPath: self.toStackState].pop(from: id)
      } else {
        reportMissingChild(
          action, reducer: "forEach", expected: "no stack element with id \(id) was on the stack",
          fileID: fileID, filePath: filePath, line: line, column: column)
      }
    case let .push(id, element):
      baseEffects = self.base._reduce(into: &state, action: action)
      if StateReads.ignoring({ state[keyPath: self.toStackState].ids.contains(id) }) {
        reportIssue(
          """
          A 'forEach' at "\(fileID):\(line)" received a push for an id already on the stack: \
          \(describe(action))
          """,
          fileID: fileID, filePath: filePath, line: line, column: column)
      } else {
        state[keyPath: self.toStackState][id: id] = element
      }
    case .none:
      baseEffects = self.base._reduce(into: &state, action: action)
    }

    let idsAfter = StateReads.ignoring { state[keyPath: self.toStackState].ids }
    var lifecycleEffects: [Effect<Base.Action>] = []
    for id in idsBefore.subtracting(idsAfter) {
      lifecycleEffects.append(.dismissal(of: self.path(of: id, parentPath)))
    }
    for id in idsAfter {
      let path = self.path(of: id, parentPath)
      guard !idsBefore.contains(id) || !signals.isPresented(path) else { continue }
      lifecycleEffects.append(
        .presentation(
          of: path, signals: signals, dismissAction: self.toStackAction.embed(.popFrom(id: id))))
    }
    return .merge([destinationEffects, baseEffects] + lifecycleEffects)
  }

  func path(of id: StackElementID, _ parentPath: NavigationIDPath) -> NavigationIDPath {
    parentPath.appending(ElementNavigationID(keyPath: self.toStackState, id: ElementID(base: id)))
  }
}
