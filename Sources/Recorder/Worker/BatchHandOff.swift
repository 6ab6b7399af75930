import Atomics
import Foundation

/// The hand-off between the worker's two stages: the first puts batches, the writing stage
/// takes them in order. It holds at most `capacity`; a put waits for room, so a writer that falls
/// behind slows the first stage, and the event queue's memory limit takes over from there.
final class BatchHandOff: @unchecked Sendable {
  // NB: @unchecked: `batches` and `isClosed` are read and written with `condition` locked;
  // `hasFailed` is an atomic, as the first stage reads it for every event.
  private let condition = NSCondition()
  private var batches: [PendingBatch] = []
  private var isClosed = false
  private let hasFailed = ManagedAtomic(false)
  let capacity: Int

  init(capacity: Int) {
    self.capacity = capacity
  }

  /// Adds `batch`, waiting while the hand-off is full.
  func put(_ batch: consuming PendingBatch) {
    self.condition.lock()
    defer { self.condition.unlock() }
    while self.batches.count >= self.capacity { self.condition.wait() }
    self.batches.append(batch)
    self.condition.broadcast()
  }

  /// The oldest batch, waiting for one; `nil` once closed and empty.
  func take() -> PendingBatch? {
    self.condition.lock()
    defer { self.condition.unlock() }
    while self.batches.isEmpty && !self.isClosed { self.condition.wait() }
    guard !self.batches.isEmpty else { return nil }
    let batch = self.batches.removeFirst()
    self.condition.broadcast()
    return batch
  }

  /// No more batches come; the writing stage ends after the last.
  func close() {
    self.condition.lock()
    defer { self.condition.unlock() }
    self.isClosed = true
    self.condition.broadcast()
  }

  /// Whether writing failed: the first stage stops making records and only passes barriers on.
  var failed: Bool {
    get { self.hasFailed.load(ordering: .acquiring) }
    set { self.hasFailed.store(newValue, ordering: .releasing) }
  }
}
