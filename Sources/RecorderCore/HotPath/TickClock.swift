import Foundation
import RecorderPrimitives

/// The clock the store's thread reads while recording: a tick counter that costs a fraction of a
/// `clock_gettime` call. The worker turns ticks into ``MonotonicClock`` nanoseconds with a
/// ``TickScale``.
///
/// On x86-64 Linux it reads the CPU's time-stamp counter, but only when the kernel itself keeps
/// time with it (its clock source is `tsc`), which it does only when the counter runs at a
/// constant rate and agrees across cores. Elsewhere it reads `mach_absolute_time` (Apple) or
/// `CLOCK_MONOTONIC`.
struct TickClock: Sendable {
  private let usesCycleCounter: Int32

  /// The clock for this machine, decided once.
  static let current = TickClock(usesCycleCounter: Self.kernelKeepsTimeWithCycleCounter())

  init(usesCycleCounter: Bool) {
    self.usesCycleCounter = usesCycleCounter && recorder_has_cycle_counter() != 0 ? 1 : 0
  }

  @inline(__always)
  func now() -> UInt64 {
    recorder_ticks(self.usesCycleCounter)
  }

  private static func kernelKeepsTimeWithCycleCounter() -> Bool {
    let source = try? String(
      contentsOfFile: "/sys/devices/system/clocksource/clocksource0/current_clocksource",
      encoding: .utf8)
    return source?.trimmingCharacters(in: .whitespacesAndNewlines) == "tsc"
  }
}

/// Converts ``TickClock`` ticks to ``MonotonicClock`` nanoseconds, at the rate between the two
/// most recent readings of both clocks.
///
/// The worker reads both clocks again after every take (``advance()``), so the events of a
/// batch, read on the store's thread just before, are converted between two readings of the
/// monotonic clock and the conversion never drifts from it.
struct TickScale {
  private let read: () -> Reading
  private var previous: Reading
  private var latest: Reading
  private var nanosecondsPerTick: Double?

  /// A reading of both clocks at one moment.
  struct Reading {
    let ticks: UInt64
    let nanoseconds: Int64
  }

  /// The readings are at least this far apart, so that the rate between them is precise.
  private static var spacing: Int64 { 1_000_000 }

  /// Reads both clocks; the first ``advance()`` gives the first rate.
  init(clock: TickClock) {
    self.init(reading: { Self.read(clock) })
  }

  /// A scale over the readings `reading` makes, one per call: the clocks themselves, or (in
  /// tests) readings made up to check the arithmetic.
  init(reading: @escaping () -> Reading) {
    self.read = reading
    self.previous = reading()
    self.latest = self.previous
  }

  /// Reads both clocks again; conversions from now on use the rate since the last reading, once
  /// at least a millisecond has passed. The first call waits for that millisecond if it must.
  mutating func advance() {
    var reading = self.read()
    if self.nanosecondsPerTick == nil {
      while reading.nanoseconds - self.latest.nanoseconds < Self.spacing
        || reading.ticks <= self.latest.ticks
      {
        reading = self.read()
      }
    }
    guard reading.nanoseconds - self.latest.nanoseconds >= Self.spacing,
      reading.ticks > self.latest.ticks
    else { return }
    self.previous = self.latest
    self.latest = reading
    self.nanosecondsPerTick =
      Double(reading.nanoseconds - self.previous.nanoseconds)
      / Double(reading.ticks - self.previous.ticks)
  }

  /// The monotonic time of `ticks`, in nanoseconds.
  func nanoseconds(at ticks: UInt64) -> Int64 {
    let offset = Int64(bitPattern: ticks &- self.latest.ticks)
    return self.latest.nanoseconds + self.nanoseconds(spanning: offset)
  }

  /// The length of `ticks` ticks, in nanoseconds.
  func nanoseconds(spanning ticks: Int64) -> Int64 {
    precondition(self.nanosecondsPerTick != nil, "A tick scale converts once it has advanced.")
    return Int64((Double(ticks) * self.nanosecondsPerTick!).rounded())
  }

  /// Both clocks, the ticks taken as the middle of two reads around the monotonic one.
  ///
  /// NB: Of three tries, the one whose tick reads are closest is kept: a thread descheduled
  /// between the reads would otherwise pair the two clocks a scheduling slice apart.
  private static func read(_ clock: TickClock) -> Reading {
    var best: (reading: Reading, gap: UInt64)?
    for _ in 0..<3 {
      let before = clock.now()
      let nanoseconds = MonotonicClock.now()
      let after = clock.now()
      let gap = after &- before
      if best == nil || gap < best!.gap {
        best = (Reading(ticks: before &+ gap / 2, nanoseconds: nanoseconds), gap)
      }
    }
    return best!.reading
  }
}
