import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The hand-off between the store's thread and the recorder's worker: events appended under a
/// plain mutex, taken all at once by the worker.
///
/// It holds at most `capacity` events; past that, `append` refuses and counts the refusal.
///
/// NB: The store's side is one uncontended lock and an array append. The worker does not wait
/// on a condition the store would have to signal; it naps in short steps and checks.
final class EventQueue<Event>: @unchecked Sendable {
  // NB: @unchecked: every access to the mutable state below happens with `mutex` held.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var events: [Event] = []
  private let capacity: Int
  private var isClosed = false
  private var refused = Refused()

  /// Events the queue turned away since the last take, by why.
  struct Refused: Equatable {
    /// Past the memory limit.
    var overLimit = 0
    /// After the recording finished (an effect that ended late, say).
    var afterClose = 0
    var isEmpty: Bool { self == Refused() }
  }

  init(capacity: Int) {
    self.capacity = capacity
    self.events.reserveCapacity(min(capacity, 4096))
    self.mutex = .allocate(capacity: 1)
    pthread_mutex_init(self.mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(self.mutex)
    self.mutex.deallocate()
  }

  /// Appends `event`; `false` when the queue is full or closed, and the refusal is counted.
  @inline(__always)
  func append(_ event: Event) -> Bool {
    pthread_mutex_lock(self.mutex)
    defer { pthread_mutex_unlock(self.mutex) }
    guard !self.isClosed else {
      self.refused.afterClose += 1
      return false
    }
    guard self.events.count < self.capacity else {
      self.refused.overLimit += 1
      return false
    }
    self.events.append(event)
    return true
  }

  /// Waits until `interval` has passed or the queue is closed, then takes every event and the
  /// number of events refused since the last take. Returns `nil` once the queue is closed and
  /// drained.
  func take(waitingUpTo interval: TimeInterval) -> (events: [Event], refused: Refused)? {
    let deadline = Date(timeIntervalSinceNow: interval)
    while !self.closed, Date() < deadline {
      usleep(2_000)
    }
    pthread_mutex_lock(self.mutex)
    defer { pthread_mutex_unlock(self.mutex) }
    if self.events.isEmpty, self.refused.isEmpty, self.isClosed { return nil }
    // NB: The store keeps appending at the pace it just did; give it that room up front.
    var taken: [Event] = []
    taken.reserveCapacity(max(self.events.count, 1024))
    swap(&taken, &self.events)
    defer { self.refused = Refused() }
    return (taken, self.refused)
  }

  private var closed: Bool {
    pthread_mutex_lock(self.mutex)
    defer { pthread_mutex_unlock(self.mutex) }
    return self.isClosed
  }

  /// Refuses new events; the worker then drains the rest.
  func close() {
    pthread_mutex_lock(self.mutex)
    self.isClosed = true
    pthread_mutex_unlock(self.mutex)
  }
}
