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
  private lazy var runner = EffectRunner<Root.Action> { [weak self] action, origin, group in
    self?.receive(action, origin: origin, group: group)
  }
  private var buffer: [Entry] = []
  private var isSending = false
  private var lastActionID: UInt64 = 0
  private var context: InstrumentationContext?

  /// Receives every instrumentation event of this store.
  var observer: (any StoreObserver<Root.State, Root.Action>)? {
    didSet {
      self.runner.observer = self.observer
      self.context = self.observer.map { InstrumentationContext(observer: $0) }
    }
  }

  private struct Entry {
    let action: Root.Action
    let id: ActionID
    let origin: ActionOrigin
    let group: SendGroup?
  }

  init(initialState: Root.State, reducer: Root, dependencies: DependencyValues) {
    self.state = initialState
    self.reducer = reducer
    self.dependencies = dependencies
  }

  /// Cancels every effect in flight, for `TestStore.skipInFlightEffects`.
  func cancelAllEffects(_ reason: CancellationReason) {
    self.runner.cancelAll(reason)
  }

  func send(_ action: Root.Action) -> StoreTask {
    self.receive(action, origin: .send, group: nil)
  }

  @discardableResult
  private func receive(
    _ action: Root.Action, origin: ActionOrigin, group: SendGroup?
  ) -> StoreTask {
    self.lastActionID += 1
    let id = ActionID(rawValue: self.lastActionID)
    if hookSitesCompiledIn { self.observer?.storeDidReceive(action, id: id, origin: origin) }
    guard !self.isSending else {
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
    return self.runBatch(startingWith: action, id: id, group: group)
  }

  /// Handles an action and every action queued while handling it, on one copy of the state.
  ///
  /// NB: The first action is passed directly rather than through the queue: most batches hold one
  /// action, and the queue's generic bookkeeping is most of a trivial send's cost.
  private func runBatch(
    startingWith action: Root.Action, id: ActionID, group: SendGroup?
  ) -> StoreTask {
    self.isSending = true
    var state = self.state
    var batchGroup: SendGroup?
    defer {
      if !self.buffer.isEmpty { self.buffer.removeAll(keepingCapacity: true) }
      self.state = state
      self.isSending = false
    }
    func handleAll() {
      self.handle(action, id: id, group: group, state: &state, batchGroup: &batchGroup)
      var index = 0
      while index < self.buffer.count {
        let entry = self.buffer[index]
        index += 1
        self.handle(
          entry.action, id: entry.id, group: entry.group, state: &state, batchGroup: &batchGroup)
      }
    }
    // NB: Child scopes find an observed store's context in a thread-local slot, published once
    // for the whole batch.
    if hookSitesCompiledIn, self.observer != nil, let context = self.context {
      InstrumentationContext.installing(context, handleAll)
    } else {
      handleAll()
    }
    return StoreTask(group: batchGroup)
  }

  /// Reduces one action and starts its effect in the `StoreTask` it belongs to: its own group
  /// when an effect sent it, otherwise the group of the send that started the batch.
  private func handle(
    _ action: Root.Action, id: ActionID, group: SendGroup?,
    state: inout Root.State, batchGroup: inout SendGroup?
  ) {
    let effect = self.reduce(action, id: id, into: &state)
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
    _ action: Root.Action, id: ActionID, into state: inout Root.State
  ) -> Effect<Root.Action> {
    // NB: The store's dependencies replace the current ones wholesale, so they are pushed
    // directly rather than through `withDependencies`, which copies and updates the current ones.
    guard hookSitesCompiledIn, let observer = self.observer, let context = self.context else {
      return DependencyValues.$_current.withValue(self.dependencies) {
        self.reducer._reduce(into: &state, action: action)
      }
    }
    observer.reducerWillRun(id, state: state)
    context.action = id
    let effect = DependencyValues.$_current.withValue(self.dependencies) {
      self.reducer._reduce(into: &state, action: action)
    }
    observer.reducerDidRun(id, state: state)
    return effect
  }
}
