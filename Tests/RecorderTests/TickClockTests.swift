import Testing

@testable import Recorder
@testable import RecorderCore

@Suite("The store's tick clock and its conversion to nanoseconds")
struct TickClockTests {
  /// Both ways of reading ticks: the cycle counter where the machine keeps time with it, and the
  /// portable clock.
  static let clocks = [TickClock.current, TickClock(usesCycleCounter: false)]

  // NB: No test here compares a converted time with the monotonic clock within a slack: a
  // thread descheduled between two reads on a busy machine breaks any slack. What is checked
  // instead holds whatever the scheduler does: the order of reads, and the conversion's
  // arithmetic.

  #if os(Linux)
    @Test("The portable clock counts the monotonic clock's nanoseconds")
    func portableTicksAreMonotonicNanoseconds() {
      let clock = TickClock(usesCycleCounter: false)
      for _ in 0..<1_000 {
        let before = MonotonicClock.now()
        let ticks = Int64(clock.now())
        let after = MonotonicClock.now()
        #expect(before <= ticks && ticks <= after)
      }
    }
  #endif

  @Test("Ticks read later are larger", arguments: clocks)
  func ticksMoveForward(clock: TickClock) {
    var previous = clock.now()
    for _ in 0..<1_000 {
      let next = clock.now()
      #expect(next >= previous)
      previous = next
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

  /// Readings made up, one per call, for the conversion's arithmetic.
  final class MadeUpReadings {
    var readings: [TickScale.Reading]
    init(_ readings: [(ticks: UInt64, nanoseconds: Int64)]) {
      self.readings = readings.map {
        TickScale.Reading(ticks: $0.ticks, nanoseconds: $0.nanoseconds)
      }
    }
    func next() -> TickScale.Reading { self.readings.removeFirst() }
  }

  @Test("Ticks convert at the rate between the last two readings")
  func conversionFollowsTheReadings() {
    // Three ticks a nanosecond, then two once the clocks are read again.
    let readings = MadeUpReadings([
      (ticks: 1_000, nanoseconds: 5_000_000),
      (ticks: 3_001_000, nanoseconds: 6_000_000),
      (ticks: 5_001_000, nanoseconds: 7_000_000),
    ])
    var scale = TickScale(reading: readings.next)
    scale.advance()
    #expect(scale.nanoseconds(at: 3_001_000) == 6_000_000)
    #expect(scale.nanoseconds(at: 3_004_000) == 6_001_000)
    #expect(scale.nanoseconds(at: 2_998_000) == 5_999_000)
    #expect(scale.nanoseconds(spanning: 3_000) == 1_000)
    scale.advance()
    #expect(scale.nanoseconds(at: 5_003_000) == 7_001_000)
    #expect(scale.nanoseconds(spanning: 3_000) == 1_500)
  }

  @Test("Readings less than a millisecond apart leave the rate as it was")
  func closeReadingsAreSkipped() {
    let readings = MadeUpReadings([
      (ticks: 0, nanoseconds: 0),
      // The first advance waits for a millisecond: the first two readings are too close.
      (ticks: 10, nanoseconds: 10),
      (ticks: 2_000_000, nanoseconds: 1_000_000),
      // Too close to the last: ignored, the rate stays two ticks a nanosecond.
      (ticks: 2_000_100, nanoseconds: 1_000_010),
    ])
    var scale = TickScale(reading: readings.next)
    scale.advance()
    #expect(readings.readings.count == 1)
    #expect(scale.nanoseconds(spanning: 2_000) == 1_000)
    scale.advance()
    #expect(scale.nanoseconds(spanning: 2_000) == 1_000)
    #expect(scale.nanoseconds(at: 2_000_000) == 1_000_000)
  }
}
