import Foundation

/// The hand-off between the store's thread and the recorder's worker: events appended under a
/// lock, taken all at once by the worker.
///
/// It holds at most `capacity` events; past that, `append` refuses and the caller counts what it
/// could not capture.
final class EventQueue<Event>: @unchecked Sendable {
  // NB: @unchecked: every access to `events` goes through `lock`.
  private let lock = NSCondition()
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
  }

  /// Appends `event`; `false` when the queue is full or closed, and the refusal is counted.
  @inline(__always)
  func append(_ event: Event) -> Bool {
    self.lock.lock()
    defer { self.lock.unlock() }
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
    self.lock.lock()
    defer { self.lock.unlock() }
    if !self.isClosed {
      _ = self.lock.wait(until: Date(timeIntervalSinceNow: interval))
    }
    if self.events.isEmpty, self.refused.isEmpty, self.isClosed { return nil }
    var taken: [Event] = []
    taken.reserveCapacity(self.events.count)
    swap(&taken, &self.events)
    defer { self.refused = Refused() }
    return (taken, self.refused)
  }

  /// Refuses new events and wakes the worker to drain the rest.
  func close() {
    self.lock.lock()
    self.isClosed = true
    self.lock.signal()
    self.lock.unlock()
  }
}
