/// Runs a child feature the way every navigation reducer does: under its own navigation path (so
/// its effects can be cancelled when it goes away), with a `\.dismiss` that ends its presentation,
/// and reported as a scope when the store is observed.
@usableFromInline
func reduceNavigationChild<Parent, Child: Reducer>(
  _ child: Child,
  state: inout Child.State,
  action: Child.Action,
  path: NavigationIDPath,
  dismiss: DismissEffect? = nil,
  step: @autoclosure () -> ScopeStep,
  from parent: Parent.Type,
  element: @autoclosure () -> StateReadLog.Step? = nil
) -> Effect<Child.Action> {
  guard StateReads.isTaking else {
    return reduceObservedChild(child, &state, action, path, dismiss, step())
  }
  let scopeStep = step()
  let entered = StateReads.enter(scopeStep, element: element(), from: parent, into: Child.State.self)
  defer { if entered { StateReads.exit() } }
  return reduceObservedChild(child, &state, action, path, dismiss, scopeStep)
}

/// Runs the child under its navigation path and `\.dismiss`, as a scope when the store is
/// observed.
private func reduceObservedChild<Child: Reducer>(
  _ child: Child,
  _ state: inout Child.State,
  _ action: Child.Action,
  _ path: NavigationIDPath,
  _ dismiss: DismissEffect?,
  _ step: @autoclosure () -> ScopeStep
) -> Effect<Child.Action> {
  func run(_ state: inout Child.State) -> Effect<Child.Action> {
    withDependencies {
      $0.navigationIDPath = path
      if let dismiss { $0.dismiss = dismiss }
    } operation: {
      child._reduce(into: &state, action: action)
    }
  }
  guard let context = InstrumentationContext.current else { return run(&state) }
  return context.withScope(step()) { run(&state) }
}

/// Runs the parent after its child, and dismisses the child (cancels its effects) when the parent
/// removed it or changed its identity.
func reduceParentDismissingChild<Parent: Reducer>(
  _ parent: Parent,
  state: inout Parent.State,
  action: Parent.Action,
  childPath: (Parent.State) -> NavigationIDPath?
) -> Effect<Parent.Action> {
  let pathBefore = StateReads.ignoring { childPath(state) }
  let effects = parent._reduce(into: &state, action: action)
  guard let pathBefore, pathBefore != StateReads.ignoring({ childPath(state) }) else {
    return effects
  }
  return effects.merge(with: .dismissal(of: pathBefore))
}

/// The cancel id of the long-lived effect behind one presentation.
struct PresentationEffectID: Hashable, Sendable, CustomStringConvertible {
  let path: NavigationIDPath
  var description: String { "presentation" }
}

extension Effect {
  /// The long-lived effect of a presented child (a destination, a stack element): it waits until
  /// the child calls `\.dismiss`, then finishes, and the parent receives `dismissAction`. If the
  /// parent removes the child first, it is cancelled and nothing is sent.
  static func presentation(
    of path: NavigationIDPath, signals: NavigationSignals, dismissAction: Action
  ) -> Self {
    let (stream, token) = signals.register(path)
    let wait = Self.run(name: "presentation") { _ in
      defer { signals.unregister(path, token: token) }
      for await _ in stream { break }
    }
    guard case var .run(run) = wait.operation else { return wait }
    run.kind = .presentation
    run.cleanup = { signals.unregister(path, token: token) }
    return Self.concatenate(Self(operation: .run(run)), .send(dismissAction))
      .cancellable(id: PresentationEffectID(path: path))
  }

  /// Cancels everything the child at `path` started, and its presentation effect, because the
  /// parent removed it.
  static func dismissal(of path: NavigationIDPath) -> Self {
    @Dependency(\.navigationIDPath) var parentPath
    return Self(
      operation: .merge([
        Self(operation: .cancelNavigation(path)),
        Self(
          operation: .cancel(
            CancelID(id: PresentationEffectID(path: path), navigationIDPath: parentPath),
            reason: .dismissed
          )
        ),
      ])
    )
  }
}

/// What the navigation reducers report when a child action arrives with no child to handle it.
func reportMissingChild(
  _ action: some Any, reducer: String, expected: String,
  fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
  reportIssue(
    """
    An '\(reducer)' at "\(fileID):\(line)" received a child action when \(expected): \
    \(describe(action))

    This is generally considered an application logic error: the child's state was removed before \
    the action arrived, for example by an effect the parent did not cancel.
    """,
    fileID: fileID, filePath: filePath, line: line, column: column
  )
}
