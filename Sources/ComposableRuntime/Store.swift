/// Runs a feature: holds its state, sends actions through its reducer and runs the effects.
///
/// ```swift
/// let store = Store(initialState: Counter.State()) {
///   Counter()
/// } withDependencies: {
///   $0.continuousClock = ImmediateClock()
/// }
/// store.send(.incrementButtonTapped)
/// store.count  // 1
/// ```
///
/// A store can be observed (see ``StoreObserver``): every action with its origin, every reducer
/// and child scope run, every effect's start and its one outcome.
@dynamicMemberLookup
@MainActor
public final class Store<State, Action> {
  private let core: any Core<State, Action>
  private let setObserver: ((any StoreObserver<State, Action>)?) -> Void
  private var children: [ScopeID: AnyObject] = [:]

  /// Makes a store that runs `reducer` from `initialState`, with dependencies changed by
  /// `prepareDependencies` for the reducer and all its effects.
  ///
  /// Cancellation ids belong to the store: another store's `cancel(id:)` never reaches its effects.
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    let (state, reducer, dependencies) = Dependencies.withDependencies(
      prepareDependencies ?? { _ in }
    ) {
      @Dependency(\.self) var dependencies
      return (initialState(), reducer(), dependencies)
    }
    self.init(root: RootCore(initialState: state, reducer: reducer, dependencies: dependencies))
    if let observing = reducer as? any _ObservingReducer<State, Action> {
      self.observer = observing._makeObserver(initialState: state)
    }
  }

  /// A root store around `root`; each store keeps its own presentations.
  convenience init<R: Reducer<State, Action>>(root: RootCore<R>) {
    root.dependencies.navigationSignals = NavigationSignals()
    self.init(core: root) { root.observer = $0 }
  }

  private init(
    core: any Core<State, Action>,
    setObserver: @escaping ((any StoreObserver<State, Action>)?) -> Void
  ) {
    self.core = core
    self.setObserver = setObserver
  }

  /// The observer of this store's instrumentation events, `nil` when nobody observes.
  ///
  /// Set it on the root store, before sending the actions to observe. A scoped store reports the
  /// misuse as an issue.
  public var observer: (any StoreObserver<State, Action>)? {
    get { self.observerStorage }
    set {
      self.observerStorage = newValue
      self.setObserver(newValue)
    }
  }
  private var observerStorage: (any StoreObserver<State, Action>)?

  /// The current state.
  ///
  /// While the store is handling a batch of actions it still reads the state from before the
  /// batch, as in TCA.
  public var state: State {
    self.core.state
  }

  /// Reads a property of the current state: `store.count`.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    self.state[keyPath: keyPath]
  }

  /// Sends an action to the store, returning the task of the effects it started.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    self.core.send(action)
  }

  /// A store for a child feature, reading the child's state at `state` and embedding its actions in
  /// the case `action`.
  ///
  /// ```swift
  /// let counterStore = store.scope(state: \.counter, action: \.counter)
  /// ```
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    self.child(id: ScopeID(state: state, action: action), action: action) {
      $0[keyPath: state]
    }
  }

  /// A store for an optional child feature, or `nil` while the child's state is `nil`.
  ///
  /// The child store keeps reading the last non-`nil` state after the parent clears it.
  public func scope<ChildState, ChildAction>(
    state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    guard var lastState = self.state[keyPath: state] else { return nil }
    return self.child(id: ScopeID(state: state, action: action), action: action) { parent in
      if let state = parent[keyPath: state] { lastState = state }
      return lastState
    }
  }

  /// A store for a child feature, in TCA's newest spelling without the `state:` label.
  ///
  /// ```swift
  /// let profileStore = store.scope(\.profile, action: \.profile)
  /// ```
  public func scope<ChildState, ChildAction>(
    _ state: KeyPath<State, ChildState>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    self.scope(state: state, action: action)
  }

  /// A store for an optional child feature, or `nil` while the child's state is `nil`, in TCA's
  /// newest spelling without the `state:` label.
  public func scope<ChildState, ChildAction>(
    _ state: KeyPath<State, ChildState?>,
    action: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction>? {
    self.scope(state: state, action: action)
  }

  /// The cached child store with `id`, or a new one reading through `toState`.
  private func child<ChildState, ChildAction>(
    id: ScopeID,
    action: CaseKeyPath<Action, ChildAction>,
    toState: @escaping (State) -> ChildState
  ) -> Store<ChildState, ChildAction> {
    if let child = self.children[id] as? Store<ChildState, ChildAction> { return child }
    let toAction = AnyCasePath(action)
    let child = Store<ChildState, ChildAction>(
      core: ScopedCore(parent: self.core, toState: toState, fromAction: { toAction.embed($0) }),
      setObserver: Self.rejectObserver
    )
    self.children[id] = child
    return child
  }

  private static func rejectObserver<S, A>(_ observer: (any StoreObserver<S, A>)?) {
    reportIssue("Observe the root store: a scoped store's actions reach its root's observer.")
  }
}

/// A convenience for naming the store of a feature: `StoreOf<Feature>`.
public typealias StoreOf<R: Reducer> = Store<R.State, R.Action>

extension Store: Identifiable {}

/// Child stores are cached by the key path and case key path they were scoped with.
private struct ScopeID: Hashable {
  let state: AnyKeyPath
  let action: AnyKeyPath
}
