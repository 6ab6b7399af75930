import InstrumentationValues

/// The recorder's hot path: called by the store on its actor, it reads the clock, keeps a copy of
/// the state (copy-on-write, O(1)) and the action, typed, in the queue's payload slot, and
/// enqueues. No reflection, formatting or I/O happens here.
///
/// NB: The methods are `nonisolated` for the reducer operator, which calls them on the store's
/// thread from a `_reduce` TCA's protocol does not isolate: so it pays no executor check. Only
/// the store's thread may call them.
@MainActor
package final class RecordingObserver<State, Action>: StoreObserver {
  private let queue: EventQueue<RecorderEvent, ActionValues>
  private let clock = TickClock.current
  // NB: The per-action bookkeeping lives in memory the observer allocates itself: every access to
  // a class's stored property is checked for exclusivity at run time, and on this path the checks
  // cost more than the bookkeeping.
  nonisolated(unsafe) private let books: UnsafeMutablePointer<Books>
  /// The action of `books.next`, typed.
  nonisolated(unsafe) private let nextAction: UnsafeMutablePointer<Action>
  /// Where the action lies in an event's payload slot.
  private let actionOffset: Int

  /// Where changes to shared values arrive; told when the reducer runs.
  private let shared: SharedChangeSink
  /// Where the reducer's reads go while it runs, when the recorder takes them.
  nonisolated(unsafe) private let readLog: StateReadLog?
  /// What wraps the store's dependencies, and so knows the app's clock.
  private let dependencies: DependencyCapture

  init(
    queue: EventQueue<RecorderEvent, ActionValues>, shared: SharedChangeSink,
    layout: ActionPayloadLayout, readLog: StateReadLog?, dependencies: DependencyCapture
  ) {
    self.readLog = readLog
    self.dependencies = dependencies
    self.queue = queue
    self.shared = shared
    self.actionOffset = layout.actionOffset
    self.books = .allocate(capacity: 1)
    self.books.initialize(to: Books())
    self.nextAction = .allocate(capacity: 1)
  }

  deinit {
    if self.books.pointee.hasNext { self.nextAction.deinitialize(count: 1) }
    self.nextAction.deallocate()
    self.books.deinitialize(count: 1)
    self.books.deallocate()
  }

  package nonisolated func storeDidReceive(
    _ action: Action, id: ActionID, origin: ActionOrigin, site: SendLocation?
  ) {
    let received = PendingAction(id: id, origin: origin, site: site)
    if !self.books.pointee.hasNext {
      self.books.pointee.next = consume received
      self.books.pointee.hasNext = true
      self.nextAction.initialize(to: action)
    } else {
      self.books.pointee.later.append((consume received, action))
    }
  }

  package nonisolated func reducerWillRun(_ action: ActionID, state: State) {
    if let readLog = self.readLog {
      self.books.pointee.readsBefore = readLog.start()
    }
    self.books.pointee.reduceStart = self.clock.now()
  }

  package nonisolated func reducerDidRun(_ action: ActionID, state: State) {
    let end = self.clock.now()
    let books = self.books
    let reads = self.readLog?.stop(restoring: books.pointee.readsBefore)
    // NB: The store reduces actions in the order it received them, so the oldest pending one is
    // this one. Most batches hold one action, which never touches `later`.
    guard books.pointee.hasNext, let received = books.pointee.next.take() else { return }
    let appended = self.appendAction(
      received, state: state, end: end, reads: reads
    ) { $0.initialize(to: self.nextAction.move()) }
    if !appended { self.nextAction.deinitialize(count: 1) }
    books.pointee.hasNext = books.pointee.laterHead < books.pointee.later.count
    if books.pointee.hasNext {
      let (pending, action) = books.pointee.later[books.pointee.laterHead]
      books.pointee.next = pending
      self.nextAction.initialize(to: action as! Action)
      books.pointee.laterHead += 1
      if books.pointee.laterHead == books.pointee.later.count {
        books.pointee.later.removeAll(keepingCapacity: true)
        books.pointee.laterHead = 0
      }
    }
  }

  /// The reducer operator's way in, in place of ``storeDidReceive(_:id:origin:site:)`` and
  /// ``reducerDidRun(_:state:)``: the reducer of `action` (`id`, from `origin`) ran, from
  /// ``reducerWillRun(_:state:)`` until now, leaving `state`.
  ///
  /// NB: An operator sees the action and its end in one place, so nothing waits in the books
  /// between the two: the action is copied once, straight into its event's payload slot.
  package nonisolated func reducerDidRun(
    _ action: Action, id: ActionID, origin: ActionOrigin, state: State
  ) {
    let end = self.clock.now()
    let reads = self.readLog?.stop(restoring: self.books.pointee.readsBefore)
    _ = self.appendAction(
      PendingAction(id: id, origin: origin, site: nil), state: state, end: end, reads: reads
    ) { $0.initialize(to: action) }
  }

  /// Queues the event of `received`, reduced from the books' start until `end`, with `state` and
  /// the action `writeAction` puts in place; `false` when the queue refused it (and
  /// `writeAction` was not called).
  @inline(__always)
  private nonisolated func appendAction(
    _ received: PendingAction, state: State, end: UInt64, reads: StateReadLog.Taken?,
    writeAction: (UnsafeMutablePointer<Action>) -> Void
  ) -> Bool {
    let books = self.books
    // NB: The timings move to the event; emptying a buffer the worker still holds would copy it
    // on every action. Most actions time no scope, and skip the swap.
    var scopes = ScopeTimings.none
    if case .none = books.pointee.scopes {} else { swap(&scopes, &books.pointee.scopes) }
    let start = books.pointee.reduceStart
    let actionOffset = self.actionOffset
    let sharedChanges = self.shared.takeChanges(of: received.id)
    // NB: Read after the reducer: the reducer operator wraps the dependencies on its first run.
    if case .none = books.pointee.appClock { books.pointee.appClock = self.dependencies.appClock }
    let clockTime: ActionClockTime =
      switch books.pointee.appClock {
      case let .ticks(since): .ticks(since: since)
      case let .read(clock): .read(clock.nanosecondsSinceStart())
      case .unreadable, nil: .unknown
      }
    return self.queue.appendFromStore(
      (scopes, sharedChanges, reads),
      making: { parts in
        let (scopes, sharedChanges, reads) = parts
        return .action(
          ActionEvent(
            id: received.id, origin: received.origin, site: received.site, startTicks: start,
            durationTicks: Int64(bitPattern: end &- start), scopes: scopes,
            sharedChanges: sharedChanges, reads: reads, clockTime: clockTime))
      }
    ) { slot in
      slot.assumingMemoryBound(to: State.self).initialize(to: state)
      writeAction((slot + actionOffset).assumingMemoryBound(to: Action.self))
    }
  }

  package nonisolated func scopeWillRun(_ path: ScopePath, action: ActionID) {
    self.books.pointee.scopeStack.append((self.clock.now(), 0))
  }

  package nonisolated func scopeDidRun(_ path: ScopePath, action: ActionID) {
    let books = self.books
    guard let (start, children) = books.pointee.scopeStack.popLast() else { return }
    let total = Int64(bitPattern: self.clock.now() &- start)
    if !books.pointee.scopeStack.isEmpty {
      books.pointee.scopeStack[books.pointee.scopeStack.count - 1].children += total
    }
    books.pointee.scopes.append(
      ScopeTiming(path: path, selfTicks: total - children, totalTicks: total))
  }

  package nonisolated func effectDidStart(_ effect: EffectStart) {
    _ = self.queue.appendFromStore(.effectStarted(effect, at: self.clock.now()))
  }

  package nonisolated func effectDidEnd(_ effect: EffectID, outcome: EffectOutcome) {
    _ = self.queue.appendFromStore(.effectEnded(effect, outcome, at: self.clock.now()))
  }

  /// What `action`'s reducer returned started, as one effect `effect` (the reducer operator's
  /// way of seeing effects).
  package nonisolated func effectReturned(_ effect: EffectID, by action: ActionID) {
    _ = self.queue.appendFromStore(.effectReturned(effect, by: action, at: self.clock.now()))
  }

  /// `effect` ended, and all its way in could see is whether its task was cancelled as a whole.
  package nonisolated func effectEndedUnseen(_ effect: EffectID, taskCancelled: Bool) {
    _ = self.queue.appendFromStore(
      .effectEndedUnseen(effect, taskCancelled: taskCancelled, at: self.clock.now()))
  }
}
