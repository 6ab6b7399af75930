import ComposableRuntime

/// What the store's thread hands the recorder's worker.
///
/// NB: Not generic over the store's types on purpose: the recorder's code is not specialized for
/// the app's types, and every generic type built from them costs a metadata look-up per use on
/// the hot path. Values travel as `Any`; the worker only reflects and compares them anyway.
enum RecorderEvent {
  case action(ActionEvent)
  case effectStarted(EffectStart, at: Int64)
  case effectEnded(EffectID, EffectOutcome, at: Int64)
  /// Resumed once everything queued before it is committed.
  case barrier(CheckedContinuation<Void, Never>)
}

/// One reduced action: the action, where it came from, when and how long its reducer ran, the
/// state after, and the time spent in each child scope.
struct ActionEvent {
  let id: ActionID
  let action: Any
  let origin: ActionOrigin
  let start: Int64
  let duration: Int64
  let state: Any
  let scopes: [ScopeTiming]
}

/// An action received and not yet reduced.
struct PendingAction {
  let id: ActionID
  let action: Any
  let origin: ActionOrigin
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
  private let queue: EventQueue<RecorderEvent>
  private var pending: [PendingAction] = []
  private var pendingHead = 0
  private var reduceStart: Int64 = 0
  private var scopeStack: [(start: Int64, children: Int64)] = []
  private var scopes: [ScopeTiming] = []

  init(queue: EventQueue<RecorderEvent>) {
    self.queue = queue
  }

  func storeDidReceive(_ action: Action, id: ActionID, origin: ActionOrigin) {
    self.pending.append(PendingAction(id: id, action: action, origin: origin))
  }

  func reducerWillRun(_ action: ActionID, state: State) {
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
    // NB: The timings move to the event; emptying a buffer the worker still holds would copy it
    // on every action.
    let scopes = self.scopes
    if !scopes.isEmpty { self.scopes = [] }
    _ = self.queue.append(
      .action(
        ActionEvent(
          id: received.id, action: received.action, origin: received.origin,
          start: self.reduceStart, duration: end - self.reduceStart, state: state,
          scopes: scopes)))
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
