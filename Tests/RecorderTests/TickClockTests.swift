import Testing

@testable import Recorder

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
}
