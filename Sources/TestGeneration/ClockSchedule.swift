/// How far a generated test advances its `TestClock` before each step, so that timers, debounces
/// and delays fire as they did in the recording, and effects that overlapped still overlap.
///
/// The recording holds, per effect, the durations its sleeps asked for, in order, and (schema 8
/// on) the app's clock when each input was sent. An effect's time starts when the action that
/// started it is sent or received; each action it sends back comes after the sleeps that precede
/// it (an effect that sent `n` actions after `c` completed sleeps waited `c - n + 1` of them
/// before the first and one before each other, a timer's pattern and a debounce's), and the test
/// advances the clock to that deadline. A cancelled effect's last sleep was cut short: the test
/// must not reach its deadline while the effect runs.
///
/// Before an input sent from outside, the test advances by the clock time between it and the
/// input sent before, when some effect is waiting (otherwise no effect can tell). That time is
/// rounded to the coarsest unit, from a second down to a nanosecond, at which every action an
/// effect sends back still comes between the same inputs, in the same order, as recorded: a real
/// clock's 100.3 ms becomes `.milliseconds(100)`.
///
/// An effect that sent back more actions than it completed sleeps has its sleeps matched to its
/// actions by the app's clock, when recorded: each action after the sleeps that had ended by its
/// time. An action sent back by an effect whose sleeps the recording did not see (it slept on a
/// clock the test captured, not `\.continuousClock`, or for real), or that no sleep so matched
/// comes before, is placed by the app's clock when it was reduced, when that clock is a test
/// clock (it moved by whole milliseconds).
struct ClockSchedule {
  /// One sleep an effect asked for.
  struct Sleep: Hashable {
    var effect: Int64
    var nanoseconds: Int64
  }

  /// One step of the test, as the schedule sees it.
  enum Step: Hashable {
    /// An input sent from outside, with the app's clock then (`nil` when not recorded).
    case send(clock: Int64?, started: [Int64])
    /// An action effect `effect` sent back, with the app's clock when it was reduced (`nil`
    /// when not recorded).
    case output(effect: Int64, clock: Int64? = nil, started: [Int64])

    var started: [Int64] {
      switch self {
      case let .send(_, started), let .output(_, _, started): started
      }
    }
  }

  static let millisecond: Int64 = 1_000_000

  /// The units a gap between sends is rounded to, coarsest first.
  static let units: [Int64] = [
    1_000_000_000, 100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1_000, 1,
  ]

  /// The sleeps before each action an effect sent back, by effect, in order.
  private var waits: [Int64: [Int64]] = [:]
  /// The sleep each cancelled effect never finished, by effect.
  private var cutSleeps: [Int64: Int64] = [:]
  /// The index of the step during which each cancelled effect ended (the step count when it was
  /// still running at the end).
  private var endSteps: [Int64: Int] = [:]
  /// The effects that sent back more actions than they completed sleeps, so that which sleep
  /// came before which action is a guess (`waits` holds it), and the app's clock, when
  /// recorded, places their actions instead.
  private var ambiguous: Set<Int64> = []
  /// The completed sleeps of each effect that sent actions back, in order.
  private var completedSleeps: [Int64: [Int64]] = [:]

  /// - Parameters:
  ///   - sleeps: every sleep of every effect, in the order asked.
  ///   - sentCounts: how many actions each effect sent back.
  ///   - cutShort: the effects that were cancelled, or still running when the recording ended,
  ///     with the index of the step during which they ended.
  init(sleeps: [Sleep], sentCounts: [Int64: Int], cutShort: [Int64: Int]) {
    var byEffect: [Int64: [Int64]] = [:]
    for sleep in sleeps { byEffect[sleep.effect, default: []].append(sleep.nanoseconds) }
    self.endSteps = cutShort
    for (effect, durations) in byEffect {
      var completed = durations
      if cutShort[effect] != nil, let cut = completed.popLast() {
        self.cutSleeps[effect] = cut
      }
      let sent = sentCounts[effect] ?? 0
      guard sent > 0 else { continue }
      var waits = Array(repeating: Int64(0), count: sent)
      self.completedSleeps[effect] = completed
      if completed.count >= sent {
        let first = completed.count - sent + 1
        waits[0] = completed.prefix(first).reduce(0, +)
        for (index, duration) in completed.dropFirst(first).enumerated() {
          waits[index + 1] = duration
        }
      } else {
        for (index, duration) in completed.enumerated() { waits[index] = duration }
        self.ambiguous.insert(effect)
      }
      self.waits[effect] = waits
    }
  }

  /// The indices of the steps among `steps` that are actions an effect sent back after no sleep
  /// the recording saw: whatever the effect waited for, it did not wait on `\.continuousClock`.
  func unseenWaits(in steps: [Step]) -> Set<Int> {
    var schedule = self
    schedule.matchSleepsByClock(in: steps)
    var positions: [Int64: Int] = [:]
    var unseen: Set<Int> = []
    for (index, step) in steps.enumerated() {
      guard case let .output(effect, _, _) = step else { continue }
      let position = positions[effect, default: 0]
      positions[effect] = position + 1
      if schedule.waits[effect].map({ position >= $0.count }) ?? true { unseen.insert(index) }
    }
    return unseen
  }

  /// How far to advance the clock before each of `steps`, in nanoseconds: at the coarsest unit
  /// whose plan keeps the recorded order, else to the nanosecond with sends held back before the
  /// deadlines they came before.
  func advances(for steps: [Step]) -> [Int64] {
    var schedule = self
    schedule.matchSleepsByClock(in: steps)
    for unit in Self.units {
      if let plan = schedule.plan(steps, unit: unit, strict: true) { return plan }
    }
    return schedule.plan(steps, unit: 1, strict: false) ?? Array(repeating: 0, count: steps.count)
  }

  /// Matches the sleeps of an effect that sent back more actions than it completed sleeps to
  /// those actions by the app's clock, when it was recorded for the step that started the effect
  /// and for each of its actions: an action comes after every sleep that had ended by its time.
  /// The actions after the last sleep so matched are left unmatched.
  ///
  /// NB: Voice memos' playback sends `playbackStarted` at once, a tick after each of four 500 ms
  /// sleeps, and the player's answer, which its timer did not wait for: by count, the first
  /// sleep would go before `playbackStarted`; by the clock, before the first tick. On a real
  /// clock an action comes a little after the sleep it waited for, and before the next ends.
  ///
  /// A cancelled effect whose sleeps count as many as its actions is matched by the clock too
  /// when the count contradicts it, placing an action after a sleep that had not ended by its
  /// time: SyncUps' meeting sends a speech result at once and a tick after each of six sleeps,
  /// then wakes from a seventh and is cancelled before it sends; by count, each tick would come
  /// one sleep late. The sleeps after its last action are not needed: it is cancelled.
  private mutating func matchSleepsByClock(in steps: [Step]) {
    var startClocks: [Int64: Int64] = [:]
    var outputClocks: [Int64: [Int64?]] = [:]
    for step in steps {
      switch step {
      case let .send(clock, started), let .output(_, clock, started):
        if let clock {
          for effect in started { startClocks[effect] = clock }
        }
      }
      if case let .output(effect, clock, _) = step {
        outputClocks[effect, default: []].append(clock)
      }
    }
    for (effect, completed) in self.completedSleeps {
      guard let start = startClocks[effect], let clocks = outputClocks[effect],
        clocks.allSatisfy({ $0 != nil })
      else { continue }
      if !self.ambiguous.contains(effect) {
        // NB: Only an effect cut short: one that finished must still be advanced through the
        // sleeps after its last action, which the count puts before its first.
        guard self.cutSleeps[effect] != nil, let counted = self.waits[effect],
          counted.count == clocks.count
        else { continue }
        var deadline = start
        let contradicted = zip(counted, clocks).contains { wait, clock in
          deadline += wait
          return deadline > clock!
        }
        guard contradicted else { continue }
      }
      var waits: [Int64] = []
      var matched = 0
      var elapsed: Int64 = 0
      for clock in clocks {
        var wait: Int64 = 0
        while matched < completed.count, elapsed + completed[matched] <= clock! - start {
          elapsed += completed[matched]
          wait += completed[matched]
          matched += 1
        }
        waits.append(wait)
      }
      // NB: The actions after the last sleep matched waited for something else (a sleep on a
      // clock the test captured, a real one): unmatched, they are placed as unseen waits are.
      while waits.last == 0 { waits.removeLast() }
      self.waits[effect] = waits
      self.ambiguous.remove(effect)
    }
  }

  /// The advances before each step with gaps rounded to `unit`; `nil`, when `strict`, as soon as
  /// an action an effect sent back would come before a step it came after.
  private func plan(_ steps: [Step], unit: Int64, strict: Bool) -> [Int64]? {
    var now: Int64 = 0
    /// Each running effect's time: when it started or last woke.
    var effectTime: [Int64: Int64] = [:]
    var nextWait: [Int64: Int] = [:]
    /// The last send with a recorded clock: its clock, and the test's time then.
    var anchor: (recorded: Int64, test: Int64)?
    var advances: [Int64] = []
    advances.reserveCapacity(steps.count)

    /// The earliest deadline a step at `index` must stay before: a running effect's next wait,
    /// or the sleep a cancelled effect never finished, while it has not ended.
    func earliestDeadline(at index: Int, besides skipped: Int64? = nil) -> Int64? {
      var earliest: Int64?
      for (effect, time) in effectTime where effect != skipped {
        var deadline: Int64?
        let position = nextWait[effect, default: 0]
        if let waits = self.waits[effect], position < waits.count {
          deadline = time + waits[position]
        } else if let cut = self.cutSleeps[effect], index <= self.endSteps[effect, default: -1] {
          deadline = time + cut
        }
        if let deadline, deadline < earliest ?? .max { earliest = deadline }
      }
      return earliest
    }

    for (index, step) in steps.enumerated() {
      var advance: Int64 = 0
      switch step {
      case let .send(clock, _):
        guard let clock else {
          anchor = nil
          break
        }
        if let last = anchor, let earliest = earliestDeadline(at: index) {
          let gap = clock - last.recorded
          let target = last.test + (gap + unit / 2) / unit * unit
          if target > now {
            if target < earliest {
              advance = target - now
            } else if strict {
              return nil
            } else if earliest - 1 > now {
              advance = earliest - 1 - now
            }
          }
        }
        now += advance
        anchor = (clock, now)
      case let .output(effect, clock, _):
        let position = nextWait[effect, default: 0]
        nextWait[effect] = position + 1
        let known = self.waits[effect].map { position < $0.count } ?? false
        if !known || self.ambiguous.contains(effect), let clock, let last = anchor,
          (clock - last.recorded) % Self.millisecond == 0
        {
          // NB: The effect waited on something the recording did not see (a clock the test
          // captured rather than `\.continuousClock`), or its sleeps cannot be told apart: the
          // app's clock when the action was reduced places it, short of any other effect's
          // deadline. Only a test clock's time, which moves by whole milliseconds as the test
          // advances it: on a real clock the gap is the effect's own latency, not a sleep.
          let target = last.test + (clock - last.recorded)
          let earliest = earliestDeadline(at: index, besides: effect)
          if target > now, target < earliest ?? .max {
            advance = target - now
            now = target
            anchor = (clock, now)
          }
          effectTime[effect] = now
          break
        }
        guard known, let waits = self.waits[effect] else { break }
        let deadline = effectTime[effect, default: now] + waits[position]
        effectTime[effect] = deadline
        if deadline < now {
          if strict { return nil }
          break
        }
        // NB: Two effects due at once fire in the order they slept, as recorded on a test
        // clock; a rounded plan must not make a tie the recording did not have.
        if strict, let other = earliestDeadline(at: index, besides: effect),
          other < deadline || (other == deadline && unit > 1)
        {
          return nil
        }
        advance = deadline - now
        now = deadline
      }
      advances.append(advance)
      for effect in step.started { effectTime[effect] = now }
    }
    return advances
  }
}
