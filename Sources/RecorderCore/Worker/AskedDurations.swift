import Trace

/// Tells the duration a sleep asked for from its deadline: what a test's `TestClock` must advance
/// by for the sleep to end, where the deadline's distance from the clock's `now` when the sleep
/// began is short by however long the real clock took to get there.
///
/// A deadline is made by advancing an instant the effect had: the `now` it read last
/// (`sleep(for:)`, `now.advanced(by:)`) or the deadline it slept until last (a timer's next tick,
/// `deadline.advanced(by:)`). The clock cannot see which, so both distances are candidates and the
/// rounder one wins, the one with more trailing decimal zeros in nanoseconds: durations written in
/// code (`.milliseconds(380)`, `.seconds(1)`) are round, and a real clock's drift is not. On a
/// `TestClock` the two are the same.
///
/// ```swift
/// var durations = AskedDurations()
/// durations.now(5_000_000_120, by: .effect(1))                          // the timer reads now
/// durations.sleep(until: 6_000_000_120, by: .effect(1))                 // 1_000_000_000
/// durations.now(6_000_351_990, by: .effect(1))                          // woken late
/// durations.sleep(until: 7_000_000_120, by: .effect(1))                 // 1_000_000_000, not 999_648_130
/// ```
struct AskedDurations {
  private struct Last {
    var now: Int64?
    var deadline: Int64?
  }

  private var last: [DependencyValueRecord.Reader: Last] = [:]

  /// `reader` read the clock's `now`.
  mutating func now(_ nanoseconds: Int64, by reader: DependencyValueRecord.Reader) {
    self.last[reader, default: Last()].now = nanoseconds
  }

  /// `reader` slept until `deadline`; returns the duration it asked for.
  mutating func sleep(until deadline: Int64, by reader: DependencyValueRecord.Reader) -> Int64 {
    let last = self.last[reader, default: Last()]
    self.last[reader, default: Last()].deadline = deadline
    let candidates = [last.now, last.deadline].compactMap { base in
      base.map { deadline - $0 }
    }.filter { $0 >= 0 }
    // NB: `max` keeps the first of equals: the distance from `now` when both are as round.
    return candidates.max { Self.roundness($0) < Self.roundness($1) } ?? 0
  }

  /// How many trailing decimal zeros `nanoseconds` has (a zero duration is the roundest).
  static func roundness(_ nanoseconds: Int64) -> Int {
    guard nanoseconds != 0 else { return .max }
    var value = nanoseconds
    var zeros = 0
    while value % 10 == 0 {
      value /= 10
      zeros += 1
    }
    return zeros
  }
}
