import Foundation
import Testing

@testable import Recorder

@Suite("The store's tick clock and its conversion to nanoseconds")
struct TickClockTests {
  /// Both ways of reading ticks: the cycle counter where the machine keeps time with it, and the
  /// portable clock.
  static let clocks = [TickClock.current, TickClock(usesCycleCounter: false)]

  @Test("Ticks convert to the monotonic clock's time", arguments: clocks)
  func conversionFollowsTheMonotonicClock(clock: TickClock) {
    var scale = TickScale(clock: clock)
    for _ in 0..<5 {
      let before = MonotonicClock.now()
      let ticks = clock.now()
      let after = MonotonicClock.now()
      scale.advance()
      let converted = scale.nanoseconds(at: ticks)
      // NB: A rate wrong by even 1% would be off by far more than this slack once the clocks
      // have run a while; the slack only covers the thread being descheduled between reads.
      #expect(converted >= before - 50_000)
      #expect(converted <= after + 50_000)
    }
  }

  @Test("Later ticks never convert to an earlier time", arguments: clocks)
  func conversionIsMonotonic(clock: TickClock) {
    var scale = TickScale(clock: clock)
    var readings: [UInt64] = []
    for _ in 0..<1_000 { readings.append(clock.now()) }
    scale.advance()
    let converted = readings.map { scale.nanoseconds(at: $0) }
    #expect(converted == converted.sorted())
  }

  @Test("A span of ticks converts at the same rate as points in time", arguments: clocks)
  func spansMatchPoints(clock: TickClock) {
    var scale = TickScale(clock: clock)
    scale.advance()
    let start = clock.now()
    var end = clock.now()
    while end &- start < 10_000 { end = clock.now() }
    let span = scale.nanoseconds(spanning: Int64(end &- start))
    let difference = scale.nanoseconds(at: end) - scale.nanoseconds(at: start)
    #expect(abs(span - difference) <= 1)
  }
}
