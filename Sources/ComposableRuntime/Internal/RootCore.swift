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
    self.observer?.storeDidReceive(action, id: id, origin: origin)
    self.buffer.append(Entry(action: action, id: id, origin: origin, group: group))
    guard !self.isSending else {
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
    return self.runBatch()
  }

  private func runBatch() -> StoreTask {
    self.isSending = true
    var state = self.state
    var batchGroup: SendGroup?
    defer {
      self.buffer.removeAll(keepingCapacity: true)
      self.state = state
      self.isSending = false
    }
    var index = 0
    while index < self.buffer.count {
      let entry = self.buffer[index]
      index += 1
      let effect = self.reduce(entry, into: &state)
      if case .none = effect.operation { continue }
      let group: SendGroup
      if let entryGroup = entry.group {
        group = entryGroup
      } else if let batchGroup {
        group = batchGroup
      } else {
        group = SendGroup()
        batchGroup = group
      }
      self.runner.start(effect, in: .init(action: entry.id, sendGroup: group))
    }
    return StoreTask(group: batchGroup)
  }

  private func reduce(_ entry: Entry, into state: inout Root.State) -> Effect<Root.Action> {
    guard let observer = self.observer, let context = self.context else {
      return withDependencies {
        $0 = self.dependencies
      } operation: {
        self.reducer._reduce(into: &state, action: entry.action)
      }
    }
    observer.reducerWillRun(entry.id, state: state)
    context.action = entry.id
    let effect = InstrumentationContext.installing(context) {
      withDependencies {
        $0 = self.dependencies
      } operation: {
        self.reducer._reduce(into: &state, action: entry.action)
      }
    }
    observer.reducerDidRun(entry.id, state: state)
    return effect
  }
}
