import Foundation

/// Hands values from the thread that makes them to the thread that uses them, in order, with
/// at most `capacity` waiting: the sender waits while that many are, the receiver while none is.
///
/// ```swift
/// let handOff = HandOff<[Int64]>(capacity: 4)
/// Thread { for batch in batches { guard handOff.send(batch) else { break } }; handOff.finish() }
///   .start()
/// while let batch = handOff.receive() { use(batch) }
/// ```
///
/// The receiver that stops early calls ``cancel()``, which wakes a waiting sender and makes
/// every later ``send(_:)`` return `false`. The reader's `changes` query reads ahead with one;
/// the recorder's two stages pass batches through another, where a sender that waits slows the
/// stage before it.
package final class HandOff<Value: Sendable>: @unchecked Sendable {
  // NB: @unchecked: every stored property but `capacity` is read and written with `condition`
  // locked.
  private let condition = NSCondition()
  private let capacity: Int
  /// Sent and not yet received, oldest first; never more than `capacity`, so taking the first
  /// moves little.
  private var waiting: [Value] = []
  private var isFinished = false
  private var isCancelled = false

  package init(capacity: Int) {
    self.capacity = capacity
  }

  /// Queues `value`, waiting for room; `false` when the receiver has cancelled (the value is
  /// dropped).
  package func send(_ value: Value) -> Bool {
    self.condition.lock()
    defer { self.condition.unlock() }
    while !self.isCancelled && self.waiting.count >= self.capacity {
      self.condition.wait()
    }
    guard !self.isCancelled else { return false }
    self.waiting.append(value)
    self.condition.broadcast()
    return true
  }

  /// Says that no more values come: the receiver gets `nil` once it has the last one.
  package func finish() {
    self.condition.lock()
    defer { self.condition.unlock() }
    self.isFinished = true
    self.condition.broadcast()
  }

  /// The next value, waiting for one; `nil` after the sender finished and every value was
  /// received.
  package func receive() -> Value? {
    self.condition.lock()
    defer { self.condition.unlock() }
    while self.waiting.isEmpty && !self.isFinished {
      self.condition.wait()
    }
    guard !self.waiting.isEmpty else { return nil }
    let value = self.waiting.removeFirst()
    self.condition.broadcast()
    return value
  }

  /// Stops the hand-off from the receiver's side: a waiting ``send(_:)`` returns `false`, and
  /// so does every later one.
  package func cancel() {
    self.condition.lock()
    defer { self.condition.unlock() }
    self.isCancelled = true
    self.waiting.removeAll()
    self.condition.broadcast()
  }
}
