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
    self.init(
      initialState: initialState(), effects: .run, reducer: reducer,
      withDependencies: prepareDependencies)
  }

  /// Makes a store whose effects run or are only tracked (see ``EffectExecution``).
  ///
  /// ```swift
  /// let store = Store(initialState: AppFeature.State(), effects: .tracked) { AppFeature() }
  /// ```
  public convenience init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> R.State,
    effects execution: EffectExecution,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: ((inout DependencyValues) -> Void)? = nil
  ) {
    var (state, reducer, dependencies) = Dependencies.withDependencies(
      prepareDependencies ?? { _ in }
    ) {
      @Dependency(\.self) var dependencies
      return (initialState(), reducer(), dependencies)
    }
    let observing = reducer as? any _ObservingReducer<State, Action>
    observing?._prepareDependencies(&dependencies)
    self.init(
      root: RootCore(
        initialState: state, reducer: reducer, dependencies: dependencies, effects: execution))
    if let observer = observing?._makeObserver(initialState: state) {
      self.observer = observer
    }
  }

  /// The `.run` effects this store tracks without running (see ``EffectExecution/tracked``) that
  /// have not ended yet, oldest first. Always empty for a store whose effects run.
  public var trackedEffects: [EffectID] {
    self.core.trackedEffects
  }

  /// Ends a tracked effect as if its work had returned with `outcome`; its observers see the
  /// outcome and whatever was concatenated after it starts. Returns `false` when no tracked
  /// effect with that id is in flight.
  @discardableResult
  public func endTrackedEffect(_ id: EffectID, outcome: EffectOutcome = .finished) -> Bool {
    self.core.endTrackedEffect(id, outcome: outcome)
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

  /// The observers of this store's instrumentation events, combined into one: every event goes to
  /// each observer in the order they were added. `nil` when nobody observes.
  ///
  /// Assigning an observer adds it; it never detaches another, so a recorder, a printer and a
  /// test's witness can watch one store together. Assigning one already attached (or this
  /// combined observer) changes nothing; assigning `nil` detaches them all, and
  /// ``removeObserver(_:)`` detaches one.
  ///
  /// ```swift
  /// let store = Store(initialState: AppFeature.State()) { AppFeature().record(to: recorder) }
  /// store.observer = ActionLog()  // the recorder keeps recording
  /// ```
  ///
  /// Set it on the root store, before sending the actions to observe. A scoped store reports the
  /// misuse as an issue.
  public var observer: (any StoreObserver<State, Action>)? {
    get { self.combinedObserver }
    set {
      guard let newValue else {
        self.observers = []
        return
      }
      self.addObserver(newValue)
    }
  }

  /// The observers of this store, in the order they were added.
  public private(set) var observers: [any StoreObserver<State, Action>] = [] {
    didSet {
      self.combinedObserver =
        self.observers.count > 1 ? StoreObserverGroup(self.observers) : self.observers.first
      self.setObserver(self.combinedObserver)
    }
  }
  private var combinedObserver: (any StoreObserver<State, Action>)?

  /// Adds `observer` after the store's other observers, unless it is already attached.
  public func addObserver(_ observer: any StoreObserver<State, Action>) {
    guard observer !== self.combinedObserver, !self.observers.contains(where: { $0 === observer })
    else { return }
    self.observers.append(observer)
  }

  /// Detaches `observer`; the store's other observers keep observing.
  public func removeObserver(_ observer: any StoreObserver<State, Action>) {
    self.observers.removeAll { $0 === observer }
  }

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
  ///
  /// `store.send(.tapped)` calls ``StoreSend``, which captures where it was called from; this is
  /// the function it is used as wherever one is expected:
  ///
  /// ```swift
  /// actions.map(store.send)                    // (Action) -> StoreTask
  /// let tapped: (Action) -> StoreTask = store.send
  /// ```
  ///
  /// An action sent this way has no known send site.
  ///
  /// NB: Disfavoured, so that a call finds ``send`` (the property) and its `#fileID`/`#line`
  /// defaults, while a function-typed context, which the property cannot satisfy, still finds it.
  @_disfavoredOverload
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    self.core.send(action, site: nil)
  }

  /// Sends actions to the store: `store.send(.incrementButtonTapped)`.
  ///
  /// A call records its `#fileID` and `#line` with the action, so a recording shows where it was
  /// sent from. The value can be kept and called later, `let send = store.send; send(.x)`, and
  /// then records where it is called.
  ///
  /// NB: A property whose value is called, rather than a method with default arguments: a method's
  /// defaults are lost when the method is used as a function value, and `store.send` then has the
  /// type `(Action, StaticString, UInt) -> StoreTask`; ``send(_:)`` covers function-typed uses.
  @inlinable
  public var send: StoreSend<State, Action> {
    StoreSend(store: self)
  }

  /// Sends an action sent from `site`.
  @usableFromInline
  func send(_ action: Action, site: SendLocation?) -> StoreTask {
    self.core.send(action, site: site)
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
