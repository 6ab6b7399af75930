/// How far a generated test advances its `TestClock` before each action an effect sent back, so
/// that timers, debounces and delays fire as they did in the recording.
///
/// The recording holds, per effect, the durations its sleeps asked for, in order. An effect's
/// time starts when the action that started it is sent or received; each action it sends back
/// comes after the sleeps that precede it (an effect that sent `n` actions after `c` completed
/// sleeps waited `c - n + 1` of them before the first and one before each other, a timer's
/// pattern and a debounce's), and the test advances the clock to the last one's deadline unless
/// it is already past it. A cancelled effect's last sleep was cut short and never completes.
struct ClockSchedule {
  /// One sleep an effect asked for.
  struct Sleep: Hashable {
    var effect: Int64
    var nanoseconds: Int64
  }

  /// The sleeps before each action an effect sent back, by effect, in order.
  private var waits: [Int64: [Int64]] = [:]
  /// Where each effect is in its waits.
  private var nextWait: [Int64: Int] = [:]
  /// Each effect's time: when it started or last woke, in nanoseconds of the test clock.
  private var effectTime: [Int64: Int64] = [:]
  /// The test clock's time.
  private(set) var now: Int64 = 0

  /// - Parameters:
  ///   - sleeps: every sleep of every effect, in the order asked.
  ///   - sentCounts: how many actions each effect sent back.
  ///   - cutShort: the effects that were cancelled, or still running when the recording ended.
  init(sleeps: [Sleep], sentCounts: [Int64: Int], cutShort: Set<Int64>) {
    var byEffect: [Int64: [Int64]] = [:]
    for sleep in sleeps { byEffect[sleep.effect, default: []].append(sleep.nanoseconds) }
    for (effect, durations) in byEffect {
      let sent = sentCounts[effect] ?? 0
      guard sent > 0 else { continue }
      let completed = cutShort.contains(effect) ? Array(durations.dropLast()) : durations
      var waits = Array(repeating: Int64(0), count: sent)
      if completed.count >= sent {
        let first = completed.count - sent + 1
        waits[0] = completed.prefix(first).reduce(0, +)
        for (index, duration) in completed.dropFirst(first).enumerated() {
          waits[index + 1] = duration
        }
      } else {
        for (index, duration) in completed.enumerated() { waits[index] = duration }
      }
      self.waits[effect] = waits
    }
  }

  /// An effect started now.
  mutating func started(_ effect: Int64) {
    self.effectTime[effect] = self.now
  }

  /// How far to advance the clock before the next action `effect` sends back (zero when it is
  /// due already).
  mutating func advance(before effect: Int64) -> Int64 {
    let position = self.nextWait[effect, default: 0]
    self.nextWait[effect] = position + 1
    guard let waits = self.waits[effect], position < waits.count else { return 0 }
    let deadline = self.effectTime[effect, default: self.now] + waits[position]
    self.effectTime[effect] = deadline
    guard deadline > self.now else { return 0 }
    defer { self.now = deadline }
    return deadline - self.now
  }
}
