import Dependencies
import IssueReporting

/// The core of a root store: it owns the state, runs the reducer on each action and starts the
/// effects, in TCA's order.
///
/// - Actions received while the store is sending are queued and handled in the same batch, first
///   in, first out; that is how `.send` effects are delivered.
/// - The reducer runs on a local copy of the state, written back once per batch.
/// - An action sent from outside while the store is sending is misuse, reported as an issue, and
///   still handled in the batch, as TCA does.
@MainActor
final class RootCore<Root: Reducer>: Core {
  private(set) var state: Root.State
  private let reducer: Root
  /// The dependencies the reducer and its effects run with; `TestStore` changes them between sends.
  var dependencies: DependencyValues
  private lazy var runner: EffectRunner<Root.Action> = {
    let address = self.address
    return EffectRunner(execution: self.execution) { action, origin, group, site in
      address.core?.receive(action, origin: origin, group: group, site: site)
    }
  }()
  // NB: Effects reach the core through this instead of a weak reference: a weakly referenced
  // object moves its reference counts to a side table, which makes every retain and release of
  // the core, several per action, take the slow path.
  private let address = ReturnAddress<Root>()
  private var buffer: [Entry] = []
  private var isSending = false
  private var lastActionID: UInt64 = 0
  private var hooks: Hooks?
  /// ``hooks``, not retained: a batch reads them through this, so that the store's thread does
  /// not retain and release them (an atomic operation each) around every hook call.
  private var unretainedHooks: Unmanaged<Hooks>?
  /// Hooks replaced while a batch was using them, kept alive until it ends.
  ///
  /// NB: Unchecked: every batch reads it, and the store's actor alone touches it, so a run-time
  /// exclusivity check would cost more than the read.
  @exclusivity(unchecked) private var retiredHooks: [AnyObject] = []

  /// Receives every instrumentation event of this store.
  var observer: (any StoreObserver<Root.State, Root.Action>)? {
    didSet {
      self.runner.observer = self.observer
      if self.isSending, let hooks = self.hooks { self.retiredHooks.append(hooks) }
      self.hooks = self.observer.map(Hooks.init)
      self.unretainedHooks = self.hooks.map { Unmanaged.passUnretained($0) }
    }
  }

  /// The observer and the context child reducers report through, held together so that an
  /// observed batch reads one reference, once.
  private final class Hooks {
    let observer: any StoreObserver<Root.State, Root.Action>
    let context: InstrumentationContext

    init(_ observer: any StoreObserver<Root.State, Root.Action>) {
      self.observer = observer
      self.context = InstrumentationContext(observer: observer)
    }
  }

  private struct Entry {
    let action: Root.Action
    let id: ActionID
    let origin: ActionOrigin
    let group: SendGroup?
  }

  /// Whether the store's effects run or are only tracked.
  private let execution: EffectExecution

  init(
    initialState: Root.State, reducer: Root, dependencies: DependencyValues,
    effects execution: EffectExecution = .run
  ) {
    self.execution = execution
    self.state = initialState
    self.reducer = reducer
    self.dependencies = dependencies
    self.address.core = self
  }

  deinit {
    self.address.core = nil
  }

  /// Cancels every effect in flight, for `TestStore.skipInFlightEffects`.
  func cancelAllEffects(_ reason: CancellationReason) {
    self.runner.cancelAll(reason)
  }

  var trackedEffects: [EffectID] {
    self.runner.trackedEffects
  }

  func endTrackedEffect(_ id: EffectID, outcome: EffectOutcome) -> Bool {
    self.runner.endTracked(id, outcome: outcome)
  }

  func send(_ action: Root.Action, site: SendLocation?) -> StoreTask {
    self.receive(action, origin: .send, group: nil, site: site)
  }

  @discardableResult
  private func receive(
    _ action: Root.Action, origin: ActionOrigin, group: SendGroup?, site: SendLocation?
  ) -> StoreTask {
    self.lastActionID += 1
    let id = ActionID(rawValue: self.lastActionID)
    guard !self.isSending else {
      if hookSitesCompiledIn, let hooks = self.hooks {
        hooks.observer.storeDidReceive(action, id: id, origin: origin, site: site)
      }
      self.buffer.append(Entry(action: action, id: id, origin: origin, group: group))
      if origin == .send {
        reportIssue(
          """
          An action was sent to a store while it was processing another action: \
          \(describe(action))

          Reentrant actions are undefined: the store queues this one behind the action being \
          processed. Send it from an effect instead.
          """
        )
      }
      return StoreTask(group: nil)
    }
    return self.runBatch(
      startingWith: action, id: id, origin: origin, group: group, site: site)
  }

  /// Handles an action and every action queued while handling it, on one copy of the state.
  ///
  /// NB: The first action is passed directly rather than through the queue: most batches hold one
  /// action, and the queue's generic bookkeeping is most of a trivial send's cost.
  private func runBatch(
    startingWith action: Root.Action, id: ActionID, origin: ActionOrigin, group: SendGroup?,
    site: SendLocation?
  ) -> StoreTask {
    self.isSending = true
    var state = self.state
    var batchGroup: SendGroup?
    defer {
      if !self.buffer.isEmpty { self.buffer.removeAll(keepingCapacity: true) }
      self.state = state
      self.isSending = false
    }
    func handleAll(_ hooks: Unmanaged<Hooks>?) {
      self.handle(
        action, id: id, group: group, state: &state, batchGroup: &batchGroup, hooks: hooks)
      var index = 0
      while index < self.buffer.count {
        let entry = self.buffer[index]
        index += 1
        self.handle(
          entry.action, id: entry.id, group: entry.group, state: &state, batchGroup: &batchGroup,
          hooks: hooks)
      }
    }
    // NB: The hooks are read once here, for the whole batch, and handed down unretained; the
    // core keeps them alive (``retiredHooks`` if the observer changes mid-batch). Child scopes
    // find the context in a thread-local slot, also published once for the batch.
    if hookSitesCompiledIn, let unretained = self.unretainedHooks {
      let previous = unretained.borrowing { hooks in
        hooks.observer.storeDidReceive(action, id: id, origin: origin, site: site)
        return InstrumentationContext.install(hooks.context)
      }
      handleAll(unretained)
      InstrumentationContext.restore(previous)
      if !self.retiredHooks.isEmpty { self.retiredHooks.removeAll() }
    } else {
      handleAll(nil)
    }
    return StoreTask(group: batchGroup)
  }

  /// Reduces one action and starts its effect in the `StoreTask` it belongs to: its own group
  /// when an effect sent it, otherwise the group of the send that started the batch.
  private func handle(
    _ action: Root.Action, id: ActionID, group: SendGroup?,
    state: inout Root.State, batchGroup: inout SendGroup?, hooks: Unmanaged<Hooks>?
  ) {
    let effect = self.reduce(action, id: id, into: &state, hooks: hooks)
    if case .none = effect.operation { return }
    let sendGroup: SendGroup
    if let group {
      sendGroup = group
    } else if let batchGroup {
      sendGroup = batchGroup
    } else {
      sendGroup = SendGroup()
      batchGroup = sendGroup
    }
    self.runner.start(effect, in: .init(action: id, sendGroup: sendGroup))
  }

  private func reduce(
    _ action: Root.Action, id: ActionID, into state: inout Root.State, hooks: Unmanaged<Hooks>?
  ) -> Effect<Root.Action> {
    // NB: The store's dependencies replace the current ones wholesale, so they are pushed
    // directly rather than through `withDependencies`, which copies and updates the current ones.
    if hookSitesCompiledIn, let hooks {
      return hooks.borrowing {
        self.reduce(action, id: id, into: &state, reportingTo: $0)
      }
    }
    return DependencyValues.$_current.withValue(self.dependencies) {
      self.reducer._reduce(into: &state, action: action)
    }
  }

  /// ``reduce(_:id:into:hooks:)`` with its observer told before and after.
  private func reduce(
    _ action: Root.Action, id: ActionID, into state: inout Root.State, reportingTo hooks: Hooks
  ) -> Effect<Root.Action> {
    hooks.observer.reducerWillRun(id, state: state)
    hooks.context.action = id
    let effect = DependencyValues.$_current.withValue(self.dependencies) {
      self.reducer._reduce(into: &state, action: action)
    }
    hooks.observer.reducerDidRun(id, state: state)
    return effect
  }
}

/// Where the effects of a root store deliver the actions they send: the core while it lives, then
/// nothing.
private final class ReturnAddress<Root: Reducer>: @unchecked Sendable {
  // NB: @unchecked: read and written on the main actor only (by the core's init and deinit and by
  // effects delivering actions there). Unowned and unsafe because the core clears it in `deinit`.
  unowned(unsafe) var core: RootCore<Root>?
}

extension Unmanaged {
  /// Calls `body` with the instance, neither retained nor released around it; the caller keeps
  /// it alive.
  ///
  /// NB: A closure handed straight to the standard library's `_withUnsafeGuaranteedRef` from the
  /// main actor checks at run time that it runs there (a call into the concurrency runtime); one
  /// handed to this function, compiled in Swift 6 mode, does not.
  @inline(__always)
  fileprivate func borrowing<Result>(_ body: (Instance) -> Result) -> Result {
    self._withUnsafeGuaranteedRef(body)
  }
}
