import Testing

@testable import TestGeneration

/// How far a generated test advances its clock between steps: sleeps as asked, gaps between
/// sends rounded to the coarsest unit that keeps every effect's actions where they were recorded.
@Suite struct ClockScheduleTests {
  static let millisecond: Int64 = 1_000_000

  /// A debounce (380 ms) and a payment (200 ms) started 250.3 ms later: sent together, the
  /// payment would answer first. The gap, rounded to 100 ms, keeps the debounce first.
  @Test func aGapBetweenSendsKeepsOverlappingEffectsInTheirOrder() {
    let ms = Self.millisecond
    let schedule = ClockSchedule(
      sleeps: [.init(effect: 1, nanoseconds: 380 * ms), .init(effect: 2, nanoseconds: 200 * ms)],
      sentCounts: [1: 1, 2: 1], cutShort: [:])
    let advances = schedule.advances(for: [
      .send(clock: 7 * ms, started: [1]),
      .send(clock: 7 * ms + 250_300_000, started: [2]),
      .output(effect: 1, started: []),
      .output(effect: 2, started: []),
    ])
    #expect(advances == [0, 300 * ms, 80 * ms, 120 * ms])
  }

  /// TCA's reusable favoriting: the request sleeps 1 s on a clock its test captured, which the
  /// recording does not see; the app's clock when the response was reduced places it.
  @Test func anActionAfterASleepTheRecordingDidNotSeeIsPlacedByTheAppsClock() {
    let ms = Self.millisecond
    let schedule = ClockSchedule(sleeps: [], sentCounts: [1: 1], cutShort: [:])
    let advances = schedule.advances(for: [
      .send(clock: 0, started: [1]),
      .output(effect: 1, clock: 1_000 * ms, started: []),
    ])
    #expect(advances == [0, 1_000 * ms])
    // Without the app's clock nothing places it.
    #expect(
      schedule.advances(for: [.send(clock: 0, started: [1]), .output(effect: 1, started: [])])
        == [0, 0])
  }

  /// The actions an effect sent back after no sleep the recording saw: those of effects that
  /// never slept on the app's clock.
  @Test func actionsAfterNoRecordedSleepAreTheUnseenWaits() {
    let ms = Self.millisecond
    let schedule = ClockSchedule(
      sleeps: [.init(effect: 2, nanoseconds: 500 * ms)], sentCounts: [1: 1, 2: 1, 3: 2],
      cutShort: [:])
    let steps: [ClockSchedule.Step] = [
      .send(clock: 0, started: [1, 2]),
      .send(clock: 0, started: [3]),
      .output(effect: 1, clock: 0, started: []),
      .output(effect: 2, clock: 500 * ms, started: []),
      .output(effect: 3, clock: 500 * ms, started: []),
      .output(effect: 3, clock: 500 * ms, started: []),
    ]
    #expect(schedule.unseenWaits(in: steps) == [2, 4, 5])
  }

  /// SyncUps' meeting on an immediate clock: the speech result is reduced at once (at 1 s, as the
  /// timer's first sleep had already ended), a tick after each of six 1 s sleeps, then the timer
  /// wakes from a seventh and is cancelled before it sends. As many sleeps as actions, but by
  /// count each tick would come a sleep late and the sixth would fire while the test asserts
  /// the fifth; the app's clock places them.
  @Test func sleepsAsManyAsActionsAreMatchedByTheClockWhenTheCountContradictsIt() {
    let second = Self.second
    let schedule = ClockSchedule(
      sleeps: Self.secondSleeps(8), sentCounts: [1: 7], cutShort: [1: 8])
    let steps = Self.sentAtOnce(outputsAtSeconds: [1] + Array(1...6))
    #expect(
      schedule.advances(for: steps) == [0, second, 0, second, second, second, second, second])
    // Where the count agrees with the clock, nothing changes: a tick after each sleep.
    let agreeing = ClockSchedule(
      sleeps: Self.secondSleeps(3), sentCounts: [1: 3], cutShort: [:])
    let ticks = Self.sentAtOnce(outputsAtSeconds: Array(1...3))
    #expect(agreeing.advances(for: ticks) == [0, second, second, second])
    // An effect that finished after a last sleep is advanced through it: TCA's rainbow sends a
    // color at once and one after each of seven sleeps, then sleeps once more and ends.
    let rainbow = ClockSchedule(
      sleeps: Self.secondSleeps(8), sentCounts: [1: 8], cutShort: [:])
    let colors = Self.sentAtOnce(outputsAtSeconds: Array(0...7))
    #expect(rainbow.advances(for: colors).reduce(0, +) == 8 * second)
  }

  private static var second: Int64 { 1_000 * Self.millisecond }

  /// `count` sleeps of a second, all of effect 1.
  private static func secondSleeps(_ count: Int) -> [ClockSchedule.Sleep] {
    Array(repeating: .init(effect: 1, nanoseconds: Self.second), count: count)
  }

  /// A send at 0 that starts effect 1, then an output of effect 1 at each of `seconds` on the
  /// app's clock.
  private static func sentAtOnce(outputsAtSeconds seconds: [Int64]) -> [ClockSchedule.Step] {
    [.send(clock: 0, started: [1])]
      + seconds.map { .output(effect: 1, clock: $0 * Self.second, started: []) }
  }

  /// TCA's voice memos: playing sends "started" at once, a tick every 500 ms on the recorded
  /// clock, and the end at 1,250 ms from a sleep on the test's own clock, which cancels the
  /// timer. Four actions after two sleeps cannot be matched to them; the app's clock places all.
  @Test func actionsOutnumberingTheirEffectsSleepsArePlacedByTheAppsClock() {
    let ms = Self.millisecond
    let schedule = ClockSchedule(
      sleeps: [
        .init(effect: 1, nanoseconds: 500 * ms), .init(effect: 1, nanoseconds: 500 * ms),
        .init(effect: 1, nanoseconds: 500 * ms),
      ],
      sentCounts: [1: 4], cutShort: [1: 4])
    let advances = schedule.advances(for: [
      .send(clock: 0, started: [1]),
      .output(effect: 1, clock: 0, started: []),
      .output(effect: 1, clock: 500 * ms, started: []),
      .output(effect: 1, clock: 1_000 * ms, started: []),
      .output(effect: 1, clock: 1_250 * ms, started: []),
    ])
    #expect(advances == [0, 0, 500 * ms, 500 * ms, 250 * ms])
  }

  /// TCA's voice memos recorded on a real clock: "started" at once, four ticks 500 ms apart, and
  /// the player's answer from a real 2.5 s sleep, which cancels the timer during its fifth
  /// sleep. By the clock, the first sleep goes before the first tick, not before "started", and
  /// the answer waits for no sleep of the timer's: the test's clock does not pass a fifth tick.
  @Test func actionsOutnumberingTheirSleepsOnARealClockAreMatchedByTheClock() {
    let ms = Self.millisecond
    let schedule = ClockSchedule(
      sleeps: Array(repeating: .init(effect: 1, nanoseconds: 500 * ms), count: 5),
      sentCounts: [1: 6], cutShort: [1: 6])
    let steps: [ClockSchedule.Step] = [
      .send(clock: 7_000_123, started: [1]),
      .output(effect: 1, clock: 7_300_456, started: []),
      .output(effect: 1, clock: 508_200_001, started: []),
      .output(effect: 1, clock: 1_007_900_310, started: []),
      .output(effect: 1, clock: 1_508_100_020, started: []),
      .output(effect: 1, clock: 2_008_000_444, started: []),
      .output(effect: 1, clock: 2_507_400_009, started: []),
    ]
    #expect(schedule.advances(for: steps) == [0, 0, 500 * ms, 500 * ms, 500 * ms, 500 * ms, 0])
    #expect(schedule.unseenWaits(in: steps) == [6])
  }

  /// With nothing waiting, a gap is invisible to the effects and is not advanced.
  @Test func aGapWithNothingWaitingIsNotAdvanced() {
    let ms = Self.millisecond
    let schedule = ClockSchedule(
      sleeps: [.init(effect: 1, nanoseconds: 150 * ms)], sentCounts: [1: 1], cutShort: [:])
    let advances = schedule.advances(for: [
      .send(clock: 0, started: []),
      .send(clock: 900 * ms, started: [1]),
      .output(effect: 1, started: []),
    ])
    #expect(advances == [0, 0, 150 * ms])
  }

  /// Two effects due at once on a test clock stay due at once: no coarser unit may make a tie
  /// the recording did not have, and a recorded tie is kept to the nanosecond.
  @Test func aTieRecordedOnATestClockIsKept() {
    let ms = Self.millisecond
    let schedule = ClockSchedule(
      sleeps: [.init(effect: 1, nanoseconds: 500 * ms), .init(effect: 2, nanoseconds: 300 * ms)],
      sentCounts: [1: 1, 2: 1], cutShort: [:])
    let advances = schedule.advances(for: [
      .send(clock: 0, started: [1]),
      .send(clock: 200 * ms, started: [2]),
      .output(effect: 1, started: []),
      .output(effect: 2, started: []),
    ])
    #expect(advances == [0, 200 * ms, 300 * ms, 0])
  }

  /// A timer cancelled by a later send: the send's gap may not reach the tick it cut short,
  /// which rounding the 2.6 s gap to a second would (3 s): it is rounded to 100 ms.
  @Test func aSendMayNotReachTheSleepItCutShort() {
    let ms = Self.millisecond
    let second = 1_000 * ms
    let schedule = ClockSchedule(
      sleeps: Array(repeating: .init(effect: 1, nanoseconds: second), count: 3),
      sentCounts: [1: 2], cutShort: [1: 3])
    let advances = schedule.advances(for: [
      .send(clock: 0, started: [1]),
      .output(effect: 1, started: []),
      .output(effect: 1, started: []),
      .send(clock: 2_600 * ms, started: []),
    ])
    #expect(advances == [0, second, second, 600 * ms])
  }

  /// A recording without the clock's times (before schema 8) advances only for effects.
  @Test func withoutTheClocksTimesOnlyEffectsAdvance() {
    let schedule = ClockSchedule(
      sleeps: [.init(effect: 1, nanoseconds: 380 * Self.millisecond)], sentCounts: [1: 1],
      cutShort: [:])
    let advances = schedule.advances(for: [
      .send(clock: nil, started: [1]),
      .send(clock: nil, started: []),
      .output(effect: 1, started: []),
    ])
    #expect(advances == [0, 0, 380 * Self.millisecond])
  }
}
