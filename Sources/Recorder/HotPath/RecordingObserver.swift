import ComposableRuntime

/// The recorder's hot path: called by the store on its actor, it reads the clock, keeps a copy of
/// the state (copy-on-write, O(1)) and enqueues. No reflection, formatting or I/O happens here.
@MainActor
final class RecordingObserver<State, Action>: StoreObserver {
  private let queue: EventQueue<RecorderEvent>
  private let clock = TickClock.current
  // NB: The per-action bookkeeping lives in memory the observer allocates itself: every access to
  // a class's stored property is checked for exclusivity at run time, and on this path the checks
  // cost more than the bookkeeping.
  nonisolated(unsafe) private let books: UnsafeMutablePointer<Books>

  /// Where changes to shared values arrive; told when the reducer runs.
  private let shared: SharedChangeSink

  init(queue: EventQueue<RecorderEvent>, shared: SharedChangeSink) {
    self.queue = queue
    self.shared = shared
    self.books = .allocate(capacity: 1)
    self.books.initialize(to: Books())
  }

  deinit {
    self.books.deinitialize(count: 1)
    self.books.deallocate()
  }

  func storeDidReceive(
    _ action: Action, id: ActionID, origin: ActionOrigin, site: SendLocation?
  ) {
    let received = PendingAction(id: id, action: action, origin: origin, site: site)
    if !self.books.pointee.hasNext {
      self.books.pointee.next = consume received
      self.books.pointee.hasNext = true
    } else {
      self.books.pointee.later.append(consume received)
    }
  }

  func reducerWillRun(_ action: ActionID, state: State) {
    self.books.pointee.reduceStart = self.clock.now()
  }

  func reducerDidRun(_ action: ActionID, state: State) {
    let end = self.clock.now()
    let books = self.books
    // NB: The store reduces actions in the order it received them, so the oldest pending one is
    // this one. Most batches hold one action, which never touches `later`.
    guard books.pointee.hasNext, let received = books.pointee.next.take() else { return }
    books.pointee.hasNext = books.pointee.laterHead < books.pointee.later.count
    if books.pointee.hasNext {
      books.pointee.next = books.pointee.later[books.pointee.laterHead]
      books.pointee.laterHead += 1
      if books.pointee.laterHead == books.pointee.later.count {
        books.pointee.later.removeAll(keepingCapacity: true)
        books.pointee.laterHead = 0
      }
    }
    // NB: The timings move to the event; emptying a buffer the worker still holds would copy it
    // on every action.
    var scopes = ScopeTimings.none
    swap(&scopes, &books.pointee.scopes)
    let start = books.pointee.reduceStart
    _ = self.queue.appendFromStore(
      .action(
        ActionEvent(
          id: received.id, action: received.action, origin: received.origin, site: received.site,
          startTicks: start, durationTicks: Int64(bitPattern: end &- start), state: state,
          scopes: scopes, sharedChanges: self.shared.takeChanges(of: received.id))))
  }

  func scopeWillRun(_ path: ScopePath, action: ActionID) {
    self.books.pointee.scopeStack.append((self.clock.now(), 0))
  }

  func scopeDidRun(_ path: ScopePath, action: ActionID) {
    let books = self.books
    guard let (start, children) = books.pointee.scopeStack.popLast() else { return }
    let total = Int64(bitPattern: self.clock.now() &- start)
    if !books.pointee.scopeStack.isEmpty {
      books.pointee.scopeStack[books.pointee.scopeStack.count - 1].children += total
    }
    books.pointee.scopes.append(
      ScopeTiming(path: path, selfTicks: total - children, totalTicks: total))
  }

  func effectDidStart(_ effect: EffectStart) {
    _ = self.queue.appendFromStore(.effectStarted(effect, at: self.clock.now()))
  }

  func effectDidEnd(_ effect: EffectID, outcome: EffectOutcome) {
    _ = self.queue.appendFromStore(.effectEnded(effect, outcome, at: self.clock.now()))
  }
}
