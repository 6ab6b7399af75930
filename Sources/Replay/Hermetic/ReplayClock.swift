import Clocks
import ConcurrencyExtras

/// The clock of a hermetic replay: its `now` is set to each input's recorded time, and nothing
/// ever wakes from a sleep on it, since a hermetic replay runs no effect.
///
/// NB: A `TestClock` moves `now` only by advancing, which yields to other tasks many times per
/// call; a replay sets the time of every input, and must not pay that per action.
final class ReplayClock: Clock, @unchecked Sendable {
  // NB: @unchecked: `now` is set by the replay between actions on the main actor, and read by
  // reducers there.
  typealias Duration = Swift.Duration
  typealias Instant = TestClock<Swift.Duration>.Instant

  var now = Instant()
  var minimumResolution: Duration { .zero }

  /// Sets `now` to `nanoseconds` after the clock's start.
  func set(nanoseconds: Int64) {
    self.now = Instant(offset: .nanoseconds(nanoseconds))
  }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    guard deadline > self.now else { return }
    let (stream, _) = AsyncStream<Never>.makeStream()
    for await _ in stream {}
    throw CancellationError()
  }
}
