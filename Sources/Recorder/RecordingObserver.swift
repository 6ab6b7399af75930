import ComposableRuntime

/// What the store's thread hands the recorder's worker.
enum RecorderEvent<State, Action> {
  case action(ActionEvent<State, Action>)
  case effectStarted(EffectStart, at: Int64)
  case effectEnded(EffectID, EffectOutcome, at: Int64)
  /// Resumed once everything queued before it is committed.
  case barrier(CheckedContinuation<Void, Never>)
}

/// One reduced action: the action, where it came from, when and how long its reducer ran, the
/// state after, and the time spent in each child scope.
struct ActionEvent<State, Action> {
  let id: ActionID
  let action: Action
  let origin: ActionOrigin
  let start: Int64
  let duration: Int64
  let state: State
  let scopes: [ScopeTiming]
}

/// Time spent in one child scope while reducing one action.
struct ScopeTiming {
  let path: ScopePath
  let selfNanoseconds: Int64
  let totalNanoseconds: Int64
}

/// The recorder's hot path: called by the store on its actor, it reads the clock, keeps a copy of
/// the state (copy-on-write, O(1)) and enqueues. No reflection, formatting or I/O happens here.
@MainActor
final class RecordingObserver<State, Action>: StoreObserver {
  private let queue: EventQueue<RecorderEvent<State, Action>>
  private var pending: [(id: ActionID, action: Action, origin: ActionOrigin)] = []
  private var pendingHead = 0
  private var reduceStart: Int64 = 0
  private var scopeStack: [(start: Int64, children: Int64)] = []
  private var scopes: [ScopeTiming] = []

  init(queue: EventQueue<RecorderEvent<State, Action>>) {
    self.queue = queue
  }

  func storeDidReceive(_ action: Action, id: ActionID, origin: ActionOrigin) {
    self.pending.append((id, action, origin))
  }

  func reducerWillRun(_ action: ActionID, state: State) {
    self.scopes.removeAll(keepingCapacity: true)
    self.reduceStart = MonotonicClock.now()
  }

  func reducerDidRun(_ action: ActionID, state: State) {
    let end = MonotonicClock.now()
    // NB: The store reduces actions in the order it received them, so the oldest pending one is
    // this one.
    guard self.pendingHead < self.pending.count else { return }
    let received = self.pending[self.pendingHead]
    self.pendingHead += 1
    if self.pendingHead == self.pending.count {
      self.pending.removeAll(keepingCapacity: true)
      self.pendingHead = 0
    }
    _ = self.queue.append(
      .action(
        ActionEvent(
          id: received.id, action: received.action, origin: received.origin,
          start: self.reduceStart, duration: end - self.reduceStart, state: state,
          scopes: self.scopes)))
  }

  func scopeWillRun(_ path: ScopePath, action: ActionID) {
    self.scopeStack.append((MonotonicClock.now(), 0))
  }

  func scopeDidRun(_ path: ScopePath, action: ActionID) {
    guard let (start, children) = self.scopeStack.popLast() else { return }
    let total = MonotonicClock.now() - start
    if !self.scopeStack.isEmpty { self.scopeStack[self.scopeStack.count - 1].children += total }
    self.scopes.append(
      ScopeTiming(path: path, selfNanoseconds: total - children, totalNanoseconds: total))
  }

  func effectDidStart(_ effect: EffectStart) {
    _ = self.queue.append(.effectStarted(effect, at: MonotonicClock.now()))
  }

  func effectDidEnd(_ effect: EffectID, outcome: EffectOutcome) {
    _ = self.queue.append(.effectEnded(effect, outcome, at: MonotonicClock.now()))
  }
}
