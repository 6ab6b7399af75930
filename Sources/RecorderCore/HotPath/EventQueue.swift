import Atomics
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The hand-off between the store's actor and the recorder's worker.
///
/// The store appends into fixed-size chunks without taking a lock: it writes a slot, then
/// publishes the chunk's new count with a release store, which the worker reads with an acquire
/// load. Only the rare steps take the mutex: starting a new chunk (one append in
/// ``Chunk/size``), a refusal, an event from another thread (a flush's barrier), and the
/// worker's bookkeeping once per take.
///
/// It holds at most `capacity` events that the worker has not taken. Past that, the store's
/// append waits for the worker to take (`waitsWhenFull`) or is refused and counted; after
/// ``close()`` appends are refused and counted. The next take reports the counts.
///
/// NB: Chunks the worker has emptied are reused, so a burst of actions writes into memory that
/// is already mapped; a growing array would copy itself and fault in fresh pages on the store's
/// thread. The worker does not wait on a condition the store would have to signal; it naps in
/// short steps and checks.
final class EventQueue<Event, Payload>: @unchecked Sendable {
  // NB: @unchecked: the state is split by owner. `cursor` is touched by the store's actor only;
  // a chunk's slots from its published count on belong to the store, the ones below to the
  // worker until it has taken them; `chunks`, `spare`, `foreign`, `refused` and `chunksAllocated`
  // are accessed with `mutex` held; `taken` and `lastTake` by the worker only; `appended`,
  // `takenCount`, `closed`, `foreignWaiting` and each chunk's `published` are atomics.
  private let capacity: Int
  /// Whether the store waits for room instead of being refused when the queue is full.
  private let waitsWhenFull: Bool
  /// The typed room beside each slot, if the store's events carry any.
  private let payloads: PayloadSlots<Event, Payload>?
  /// `payloads`' stride, for the store's appends: reading it from `payloads` would retain and
  /// release the closure beside it on every append.
  private let payloadStride: Int
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  /// Where the store writes: the chunk it fills, also the last of `chunks`.
  private let cursor: UnsafeMutablePointer<Cursor>
  /// How many events the store has appended, for placing another thread's events.
  private let appended = UnsafeAtomic<Int>.create(0)
  /// How many of the store's events the worker has taken, for the memory limit.
  private let takenCount = UnsafeAtomic<Int>.create(0)
  /// Set once the queue is closed.
  private let closed = UnsafeAtomic<Bool>.create(false)
  /// How many events from other threads wait in `foreign`, for a worker holding off.
  private let foreignWaiting = UnsafeAtomic<Int>.create(0)
  /// Everything not yet taken, oldest first; the last chunk is the one the store fills.
  private var chunks: [Chunk]
  private var spare: [Chunk] = []
  /// Events appended from other threads, each after the store's first `after` events.
  private var foreign: [(after: Int, event: Event)] = []
  private var refused = Refused()
  /// The worker's count of the store's events it has taken.
  private var taken = 0
  /// When the worker last took, to space its takes.
  private var lastTake: Date?
  /// How many chunks were ever made; the rest of the time they are reused.
  private(set) var chunksAllocated = 1

  /// Events the queue turned away since the last take, by why.
  struct Refused: Equatable {
    /// Past the memory limit.
    var overLimit = 0
    /// After the recording finished (an effect that ended late, say).
    var afterClose = 0
    var isEmpty: Bool { self == Refused() }
  }

  /// How many emptied chunks wait to be reused: enough for bursts of tens of thousands of
  /// actions between two takes.
  static var sparesKept: Int { 64 }

  /// Where the store writes in the chunk it fills: the chunk's storage, without a reference to
  /// the chunk (`chunks` keeps it), so that an append retains and releases nothing; each would
  /// be an atomic operation on the store's thread.
  struct Cursor {
    let slots: UnsafeMutablePointer<Event>
    let payload: UnsafeMutableRawPointer?
    let published: UnsafeAtomic<Int>

    init(_ chunk: Chunk) {
      self.slots = chunk.slots
      self.payload = chunk.payload
      self.published = chunk.published
    }
  }

  /// A run of slots the store fills from the start.
  final class Chunk {
    static var size: Int { 512 }
    let slots = UnsafeMutablePointer<Event>.allocate(capacity: Chunk.size)
    /// The payload beside each slot, `payloads.stride` bytes apart.
    let payload: UnsafeMutableRawPointer?
    private let payloads: PayloadSlots<Event, Payload>?
    /// How many slots hold events, published by the store for the worker (an atomic).
    let published = UnsafeAtomic<Int>.create(0)
    /// How many events the worker has moved out.
    var taken = 0

    init(payloads: PayloadSlots<Event, Payload>? = nil) {
      self.payloads = payloads
      self.payload = payloads.map {
        .allocate(byteCount: $0.stride * Chunk.size, alignment: $0.alignment)
      }
    }

    deinit {
      let published = self.published.load(ordering: .acquiring)
      var dropped: [Payload] = []
      while self.taken < published { _ = self.take(payloadInto: &dropped) }
      self.slots.deallocate()
      self.payload?.deallocate()
      self.published.destroy()
    }

    /// Moves the next event out, and its payload, if it has one, onto the end of `taken`.
    @inline(__always)
    func take(payloadInto taken: inout [Payload]) -> Event {
      let event = (self.slots + self.taken).move()
      if let payloads = self.payloads,
        let payload = payloads.take(
          event, self.payload.unsafelyUnwrapped + self.taken * payloads.stride)
      {
        taken.append(payload)
      }
      self.taken += 1
      return event
    }

    /// Readies a chunk nobody uses any more to be filled again.
    func reset() {
      self.taken = 0
      self.published.store(0, ordering: .releasing)
    }
  }

  init(
    capacity: Int, waitsWhenFull: Bool = false, payloads: PayloadSlots<Event, Payload>? = nil
  ) {
    precondition(capacity > 0, "An event queue needs room for at least one event.")
    self.capacity = capacity
    self.waitsWhenFull = waitsWhenFull
    self.payloads = payloads
    self.payloadStride = payloads?.stride ?? 0
    self.mutex = .allocate(capacity: 1)
    pthread_mutex_init(self.mutex, nil)
    let first = Chunk(payloads: payloads)
    self.chunks = [first]
    self.cursor = .allocate(capacity: 1)
    self.cursor.initialize(to: Cursor(first))
  }

  deinit {
    self.cursor.deallocate()
    self.appended.destroy()
    self.takenCount.destroy()
    self.closed.destroy()
    self.foreignWaiting.destroy()
    pthread_mutex_destroy(self.mutex)
    self.mutex.deallocate()
  }

  /// Appends an event of the store's; `false` when the queue is full or closed, and the refusal
  /// is counted. Call it on the store's actor only.
  @inline(__always)
  func appendFromStore(_ event: consuming Event) -> Bool {
    guard let (cursor, written, appended) = self.reserveSlot() else { return false }
    (cursor.slots + written).initialize(to: consume event)
    self.publish(cursor, written: written, appended: appended)
    return true
  }

  /// Appends the event `event` makes of `parts`, with `payload` writing its payload into the
  /// slot's room (see ``PayloadSlots``); `false` when the queue is full or closed, and the
  /// refusal is counted, and neither is called. Call it on the store's actor only.
  ///
  /// NB: The event is made straight into its slot; passed in, it would be moved twice. Its
  /// counted parts are handed to `event` rather than captured by it: a capture is read by
  /// copying, and each copy is a retain and a release on the store's thread.
  @inline(__always)
  func appendFromStore<Parts>(
    _ parts: consuming Parts, making event: (consuming Parts) -> Event,
    payload: (UnsafeMutableRawPointer) -> Void
  ) -> Bool {
    guard let (cursor, written, appended) = self.reserveSlot() else { return false }
    (cursor.slots + written).initialize(to: event(parts))
    if let room = cursor.payload { payload(room + written * self.payloadStride) }
    self.publish(cursor, written: written, appended: appended)
    return true
  }

  /// The chunk and slot the store's next event goes in, and the store's count so far; `nil`
  /// when the queue refuses it.
  @inline(__always)
  private func reserveSlot() -> (Cursor, written: Int, appended: Int)? {
    // NB: The store reads back counts only it writes, so the loads below see its own last stores.
    let appended = self.appended.load(ordering: .acquiring)
    if self.closed.load(ordering: .acquiring)
      || appended - self.takenCount.load(ordering: .acquiring) >= self.capacity
    {
      guard self.waitsWhenFull, self.waitForRoom(appended: appended) else {
        self.refuse()
        return nil
      }
    }
    let cursor = self.cursor.pointee
    let written = cursor.published.load(ordering: .acquiring)
    if written == Chunk.size { return (self.startChunk(), 0, appended) }
    return (cursor, written, appended)
  }

  /// Hands the slot just written to the worker.
  @inline(__always)
  private func publish(_ cursor: Cursor, written: Int, appended: Int) {
    cursor.published.store(written + 1, ordering: .releasing)
    self.appended.store(appended + 1, ordering: .releasing)
  }

  /// Waits on the store's thread until the worker has taken enough to make room; `false` when
  /// the queue is closed first.
  ///
  /// NB: The worker takes at once when it has a backlog, so the wait is about one batch's
  /// writing; it naps in short steps rather than making the worker signal every take.
  @inline(never)
  private func waitForRoom(appended: Int) -> Bool {
    while !self.closed.load(ordering: .acquiring) {
      if appended - self.takenCount.load(ordering: .acquiring) < self.capacity { return true }
      usleep(100)
    }
    return false
  }

  private func refuse() {
    pthread_mutex_lock(self.mutex)
    defer { pthread_mutex_unlock(self.mutex) }
    if self.closed.load(ordering: .acquiring) {
      self.refused.afterClose += 1
    } else {
      self.refused.overLimit += 1
    }
  }

  /// Makes a chunk (a reused one when there is one) the one the store fills, and returns where
  /// the store writes in it.
  private func startChunk() -> Cursor {
    pthread_mutex_lock(self.mutex)
    defer { pthread_mutex_unlock(self.mutex) }
    let chunk: Chunk
    if let reused = self.spare.popLast() {
      chunk = reused
    } else {
      chunk = Chunk(payloads: self.payloads)
      self.chunksAllocated += 1
    }
    self.chunks.append(chunk)
    self.cursor.pointee = Cursor(chunk)
    return self.cursor.pointee
  }

  /// How many events from other threads wait to be taken; any thread may ask.
  var foreignEventsWaiting: Int { self.foreignWaiting.load(ordering: .acquiring) }

  /// How many events the store has appended so far; any thread may ask.
  var storeAppended: Int { self.appended.load(ordering: .relaxed) }

  /// Appends an event from any thread, after every event the store appended before this call;
  /// `false` when the queue is closed.
  func append(_ event: Event) -> Bool {
    pthread_mutex_lock(self.mutex)
    defer { pthread_mutex_unlock(self.mutex) }
    guard !self.closed.load(ordering: .acquiring) else {
      self.refused.afterClose += 1
      return false
    }
    self.foreign.append((self.appended.load(ordering: .acquiring), event))
    self.foreignWaiting.store(self.foreign.count, ordering: .releasing)
    return true
  }

  /// Waits until `interval` has passed since the last take, the store has appended `backlog`
  /// events since then, or the queue is closed; then moves up to `limit` of the store's events
  /// (and the other threads' events among them) onto the end of `events`, and the payloads of
  /// those that have one, in the same order, onto the end of `payloads`. Returns the number of
  /// events refused since the last take, or `nil` once the queue is closed and drained. Call it
  /// from the worker only.
  ///
  /// NB: The interval counts from the last take, not from this call: a worker that took longer
  /// than it to write a batch has a backlog waiting, and takes it at once. The backlog starts the
  /// worker on a burst a few milliseconds in rather than an interval in. A worker that passes the
  /// same arrays each time, emptied, and a `limit`, takes into memory it already has: growing a
  /// fresh array for every take of a burst faults in fresh pages and unmaps old ones, and
  /// unmapping interrupts every core the process runs on, the store's too.
  ///
  /// Then, while the store is still sending (it appended in the last half millisecond), the
  /// worker holds off, up to `burst` events behind and for at most `holdOff`: a burst of sends
  /// finds the other core quiet, and the worker, which needs longer per action than the store,
  /// catches up when the burst ends. Its company costs the store's thread more than the
  /// store's own recording does: caches and memory shared between the two cores.
  func take(
    waitingUpTo interval: TimeInterval, orUntilBacklog backlog: Int = .max,
    holdingOffUpTo burst: Int = 0, for holdOff: TimeInterval = 0,
    atMost limit: Int = .max, into events: inout [Event], payloads: inout [Payload]
  ) -> Refused? {
    let deadline = (self.lastTake ?? Date()).addingTimeInterval(interval)
    while !self.closed.load(ordering: .acquiring), Date() < deadline,
      self.appended.load(ordering: .relaxed) - self.taken < backlog
    {
      usleep(1_000)
    }
    self.holdOff(whileSendingUpTo: burst, for: holdOff)
    self.lastTake = Date()
    // NB: The store's events are taken up to the counts published when the foreign ones are
    // taken, under the same lock. A foreign event appended later then cannot find store events
    // it followed already handed out ahead of it in this take.
    pthread_mutex_lock(self.mutex)
    let closed = self.closed.load(ordering: .acquiring)
    let chunks = self.chunks
    let published = chunks.map { $0.published.load(ordering: .acquiring) }
    let foreign = self.foreign
    let refused = self.refused
    self.foreign = []
    self.foreignWaiting.store(0, ordering: .releasing)
    self.refused = Refused()
    pthread_mutex_unlock(self.mutex)

    let eventsBefore = events.count
    var position = self.taken
    var nextForeign = 0
    var drained = true
    chunks: for (chunk, published) in zip(chunks, published) {
      while chunk.taken < published {
        guard position - self.taken < limit else {
          drained = false
          break chunks
        }
        while nextForeign < foreign.count, foreign[nextForeign].after <= position {
          events.append(foreign[nextForeign].event)
          nextForeign += 1
        }
        events.append(chunk.take(payloadInto: &payloads))
        position += 1
      }
    }
    if drained {
      events.append(contentsOf: foreign[nextForeign...].map(\.event))
    } else if nextForeign < foreign.count {
      // The rest follow store events still queued: they wait for the next take, ahead of any
      // appended since.
      pthread_mutex_lock(self.mutex)
      self.foreign.insert(contentsOf: foreign[nextForeign...], at: 0)
      self.foreignWaiting.store(self.foreign.count, ordering: .releasing)
      pthread_mutex_unlock(self.mutex)
    }
    self.taken = position
    self.takenCount.store(position, ordering: .releasing)

    // Chunks filled and emptied go back for reuse; the store's current one stays.
    let emptied = chunks.dropLast().prefix { $0.taken == Chunk.size }
    // Past a few, they are freed (once the lock is let go), so a burst long gone does not keep
    // its memory.
    var freed: [Chunk] = []
    if !emptied.isEmpty {
      for chunk in emptied { chunk.reset() }
      pthread_mutex_lock(self.mutex)
      self.chunks.removeFirst(emptied.count)
      self.spare.append(contentsOf: emptied)
      if self.spare.count > Self.sparesKept {
        freed = Array(self.spare[Self.sparesKept...])
        self.spare.removeLast(self.spare.count - Self.sparesKept)
      }
      pthread_mutex_unlock(self.mutex)
    }
    _ = consume freed
    if closed, drained, events.count == eventsBefore, refused.isEmpty { return nil }
    return refused
  }

  /// Waits while the store appends, until it pauses for half a millisecond, `burst` of its
  /// events wait (at most half the queue's capacity, so that holding off never fills it),
  /// `holdOff` has passed, another thread appends (a flush's barrier, which its caller awaits)
  /// or the queue is closed.
  private func holdOff(whileSendingUpTo burst: Int, for holdOff: TimeInterval) {
    let burst = min(burst, self.capacity / 2)
    guard burst > 0, holdOff > 0 else { return }
    let deadline = Date().addingTimeInterval(holdOff)
    var seen = self.appended.load(ordering: .relaxed)
    while !self.closed.load(ordering: .acquiring),
      self.foreignEventsWaiting == 0, seen - self.taken < burst,
      Date() < deadline
    {
      usleep(500)
      let now = self.appended.load(ordering: .relaxed)
      if now == seen { return }
      seen = now
    }
  }

  /// Refuses new events; the worker then drains the rest.
  ///
  /// NB: Close on the store's actor when the store may still be sending: the store's appends
  /// take no lock, so one running on another thread at this moment could land after the
  /// worker's last take.
  func close() {
    pthread_mutex_lock(self.mutex)
    self.closed.store(true, ordering: .releasing)
    pthread_mutex_unlock(self.mutex)
  }
}
