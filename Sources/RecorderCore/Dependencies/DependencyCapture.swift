import Clocks
import ConcurrencyExtras
import Dependencies
import Foundation
import InstrumentationValues
import IssueReporting
import Trace

/// Wraps the sources of non-determinism a recorded store reads (`\.uuid`, `\.date`,
/// `\.withRandomNumberGenerator`, and what `\.continuousClock` is asked) so that every value read reaches the trace, in order, with the
/// action or effect that read it; `\.calendar`, `\.timeZone` and `\.locale` are recorded once.
///
/// Reads are rare next to actions, so they take the queue's locked path from whatever thread
/// they happen on; the values are formatted on the worker.
package final class DependencyCapture: Sendable {
  private let sink: LockIsolated<Sink>

  private struct Sink {
    var queue: EventQueue<RecorderEvent, ActionValues>?
    /// Reads before the worker exists (the store's set-up), handed over when it attaches.
    var early: [DependencyRead] = []
    /// The action being reduced on the calling thread, as the way in that attached knows it.
    var reducing: @Sendable () -> ActionID? = { nil }

    mutating func deliver(_ read: DependencyRead) {
      if let queue {
        _ = queue.append(.dependency(read))
      } else {
        self.early.append(read)
      }
    }
  }

  /// How each action's time on the app's clock is had, once the dependencies are wrapped.
  private let clock = LockIsolated<AppClockReading?>(nil)

  init() {
    self.sink = LockIsolated(Sink())
  }

  /// How each action's time on the app's `\.continuousClock` (`ActionRecord.clockNanoseconds`)
  /// is had, once the store's dependencies are wrapped; `nil` before.
  var appClock: AppClockReading? {
    self.clock.value
  }

  /// Starts delivering reads to `queue`, after those made so far, each attributed to the action
  /// `reducing` names on the reading thread.
  func attach(
    _ queue: EventQueue<RecorderEvent, ActionValues>,
    reducing: @escaping @Sendable () -> ActionID?
  ) {
    self.sink.withValue { sink in
      sink.reducing = reducing
      for read in sink.early { _ = queue.append(.dependency(read)) }
      sink.early = []
      sink.queue = queue
    }
  }

  /// Records a value read now, by the action being reduced on this thread or the running effect.
  func record(_ value: DependencyRead.Value) {
    self.sink.withValue { sink in
      sink.deliver(DependencyRead(value, reducing: sink.reducing()))
    }
  }

  /// Records a read whose reader is already known.
  private func recordOnce(_ read: DependencyRead) {
    self.sink.withValue { $0.deliver(read) }
  }

  /// Replaces the dependencies a recorded store reads with recording wrappers of the same values.
  ///
  /// NB: Reading a dependency that has no test value reports an issue in a test, even when the
  /// app never uses it; the recorder reads them all, so it reads them with issues silenced. An
  /// app that calls one still gets the value it would have.
  package func wrap(_ dependencies: inout DependencyValues) {
    withIssueReporters([]) { self.wrapSilently(&dependencies) }
  }

  private func wrapSilently(_ dependencies: inout DependencyValues) {
    dependencies.uuid = self.recording(uuid: dependencies.uuid)
    dependencies.date = self.recording(date: dependencies.date)
    let isContinuous = dependencies.continuousClock is ContinuousClock
    let clock = RecordingClock(base: AnyClock(dependencies.continuousClock), capture: self)
    let start = TickClock.current.now()
    // NB: A test's clock left unimplemented reports an issue on every `now`; actions then go
    // without their time rather than report one each.
    let unimplemented = IssueFlag()
    withIssueReporters([unimplemented]) { _ = clock.nanosecondsSinceStart() }
    self.clock.setValue(
      isContinuous ? .ticks(since: start) : unimplemented.raised ? .unreadable : .read(clock))
    dependencies.continuousClock = clock
    dependencies.withRandomNumberGenerator = self.recording(
      random: dependencies.withRandomNumberGenerator)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let once: [(DependencyValueRecord.Dependency, (any Encodable)?)] = [
      (.calendar, dependencies.calendar), (.timeZone, dependencies.timeZone),
      (.locale, dependencies.locale),
    ]
    for (dependency, value) in once {
      guard let value, let data = try? encoder.encode(value) else { continue }
      self.recordOnce(
        DependencyRead(
          .encoded(dependency, String(decoding: data, as: UTF8.self)), reader: .unknown))
    }
  }
}

extension DependencyCapture {
  /// A `\.uuid` that records every value `base` makes.
  package func recording(uuid base: UUIDGenerator) -> UUIDGenerator {
    UUIDGenerator { [self] in
      let value = base()
      self.record(.uuid(value))
      return value
    }
  }

  /// A `\.date` that records every date `base` tells.
  package func recording(date base: DateGenerator) -> DateGenerator {
    DateGenerator { [self] in
      let value = base.now
      self.record(.date(value))
      return value
    }
  }

  /// A `\.continuousClock` that records what `base` is asked, from its time now; the actions'
  /// times stay on the clock ``wrap(_:)`` wrapped.
  package func recording(clock base: any Clock<Duration>) -> any Clock<Duration> {
    RecordingClock(base: AnyClock(base), capture: self)
  }

  /// A `\.withRandomNumberGenerator` that records every number `base` draws.
  package func recording(random base: WithRandomNumberGenerator) -> WithRandomNumberGenerator {
    WithRandomNumberGenerator(RecordingGenerator(base: base, capture: self))
  }
}

/// A random number generator that draws from the store's and records every number it hands out.
private struct RecordingGenerator: RandomNumberGenerator, Sendable {
  let base: WithRandomNumberGenerator
  let capture: DependencyCapture

  mutating func next() -> UInt64 {
    let value = self.base { $0.next() }
    self.capture.record(.random(value))
    return value
  }
}

/// Whether anything reported an issue while it listened.
private final class IssueFlag: IssueReporter {
  private let flag = LockIsolated(false)

  var raised: Bool { self.flag.value }

  func reportIssue(
    _ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
    filePath: StaticString, line: UInt, column: UInt
  ) {
    self.flag.setValue(true)
  }
}
