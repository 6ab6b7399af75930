import Clocks
import InstrumentationValues
import Trace

/// The app's `\.continuousClock`, with every request recorded: each read of `now` and each sleep's
/// deadline, as their distances from the recording's start, with the action or effect that asked.
/// The worker turns a deadline into the duration the effect asked for (``AskedDurations``), and a
/// test generated from the recording advances a `TestClock` by those durations, so timers and
/// debounces fire as they did.
///
/// NB: `sleep(for:)` reads `now` to make its deadline, so each such sleep records a `now` and then
/// the deadline; a `timer` reads `now` and sleeps until the deadline after the last one.
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
    self.capture.record(.sleep(untilNanoseconds: self.start.duration(to: deadline).nanoseconds))
    try await self.base.sleep(until: deadline, tolerance: tolerance)
  }

  /// The clock's time since the recording's start, unrecorded: when an action ran.
  func nanosecondsSinceStart() -> Int64 {
    self.start.duration(to: self.base.now).nanoseconds
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
