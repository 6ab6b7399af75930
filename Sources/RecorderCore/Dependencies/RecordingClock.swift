import Clocks
import InstrumentationValues
import Trace

/// The app's `\.continuousClock`, with every request recorded: each sleep's duration (a deadline's
/// distance from `now` when asked) and each read of `now` (its distance from the recording's
/// start), with the action or effect that asked. A test generated from the recording advances a
/// `TestClock` by those durations, so timers and debounces fire as they did.
///
/// NB: `sleep(for:)` reads `now` to make its deadline, so each such sleep records a `now` and then
/// the sleep; a `timer` reads `now` once and sleeps until successive deadlines.
struct RecordingClock: Clock {
  typealias Duration = Swift.Duration
  typealias Instant = AnyClock<Duration>.Instant

  let base: AnyClock<Duration>
  let start: Instant
  let capture: DependencyCapture

  init(base: AnyClock<Duration>, capture: DependencyCapture) {
    self.base = base
    self.start = base.now
    self.capture = capture
  }

  var now: Instant {
    let now = self.base.now
    self.capture.record(.clock(.now, nanoseconds: self.start.duration(to: now).nanoseconds))
    return now
  }

  var minimumResolution: Duration { self.base.minimumResolution }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    let asked = self.base.now.duration(to: deadline)
    self.capture.record(.clock(.sleep, nanoseconds: asked.nanoseconds))
    try await self.base.sleep(until: deadline, tolerance: tolerance)
  }
}

extension Swift.Duration {
  /// The duration in whole nanoseconds (saturating).
  fileprivate var nanoseconds: Int64 {
    let (seconds, attoseconds) = self.components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { return seconds < 0 ? .min : .max }
    return whole.addingReportingOverflow(attoseconds / 1_000_000_000).overflow
      ? .max : whole + attoseconds / 1_000_000_000
  }
}
