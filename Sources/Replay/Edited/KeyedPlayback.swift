import ComposableRuntime
import Foundation
import Trace

/// Hands the reducer of each recorded action the `uuid`, `date` and random values the recorded
/// reducer of that action read, whatever order the actions come in: what a replay whose inputs
/// were edited or reordered needs, where ``DependencyPlayback`` expects the recorded order.
///
/// A read the recording does not have (an inserted action, a replaced one reading more) gets a
/// stand-in value (`UUID(0)`, the reference date, 0) and is remembered.
final class KeyedPlayback: @unchecked Sendable {
  // NB: @unchecked: read and written on the main actor only, by the replay and by the reducer it
  // runs there.
  private let timeline: RecordedTimeline
  private var positions: [DependencyValueRecord.Dependency: Int] = [:]
  private var current: [DependencyValueRecord.Dependency: [String]] = [:]
  private var currentSeq: Int64?
  /// The first read the recording does not have since the last ``take()``.
  private var unexpectedRead: String?

  init(timeline: RecordedTimeline) {
    self.timeline = timeline
  }

  /// Starts handing out the values of the recorded action `seq`; `nil` for an inserted action.
  func begin(_ seq: Int64?) {
    self.currentSeq = seq
    self.current = seq.flatMap { self.timeline.dependencyValues[$0] } ?? [:]
    self.positions.removeAll(keepingCapacity: true)
    self.unexpectedRead = nil
  }

  /// The first read since ``begin(_:)`` that the recording does not have, if any.
  func take() -> String? {
    defer { self.unexpectedRead = nil }
    return self.unexpectedRead
  }

  func install(_ dependencies: inout DependencyValues) {
    dependencies.uuid = UUIDGenerator { [self] in
      self.next(.uuid).flatMap(UUID.init(uuidString:)) ?? UUID(0)
    }
    dependencies.date = DateGenerator { [self] in
      Date(timeIntervalSinceReferenceDate: self.next(.date).flatMap(Double.init) ?? 0)
    }
    dependencies.withRandomNumberGenerator = WithRandomNumberGenerator(KeyedGenerator(playback: self))
    let decoder = JSONDecoder()
    let once = self.timeline.onceValues
    if let text = once[.calendar], let value = try? decoder.decode(Calendar.self, from: Data(text.utf8)) {
      dependencies.calendar = value
    }
    if let text = once[.timeZone], let value = try? decoder.decode(TimeZone.self, from: Data(text.utf8)) {
      dependencies.timeZone = value
    }
    if let text = once[.locale], let value = try? decoder.decode(Locale.self, from: Data(text.utf8)) {
      dependencies.locale = value
    }
  }

  fileprivate func next(_ dependency: DependencyValueRecord.Dependency) -> String? {
    let position = self.positions[dependency, default: 0]
    guard let queue = self.current[dependency], position < queue.count else {
      if self.unexpectedRead == nil, let seq = self.currentSeq {
        self.unexpectedRead = "the reducer of #\(seq) read a \(dependency.rawValue) value the recording does not have"
      }
      return nil
    }
    self.positions[dependency] = position + 1
    return queue[position]
  }
}

/// Draws the recorded random numbers of the action being reduced.
private struct KeyedGenerator: RandomNumberGenerator, @unchecked Sendable {
  let playback: KeyedPlayback

  mutating func next() -> UInt64 {
    self.playback.next(.random).flatMap(UInt64.init) ?? 0
  }
}
