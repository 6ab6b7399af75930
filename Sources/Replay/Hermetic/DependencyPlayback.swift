import ComposableRuntime
import Foundation
import Trace

/// Hands a replayed reducer the values of `uuid`, `date` and the random number generator that the
/// recorded reducer read, in the same order, and notices when it reads one the recording does not
/// have, or fewer than it has.
final class DependencyPlayback: @unchecked Sendable {
  // NB: @unchecked: read and written on the main actor only, by the replay and by the reducer it
  // runs there.
  /// The values read by reducers, by dependency, in order, with the seq that read each.
  private var queues: [DependencyValueRecord.Dependency: [(seq: Int64, value: String)]] = [:]
  private var positions: [DependencyValueRecord.Dependency: Int] = [:]
  /// Values recorded once (calendar, time zone, locale).
  private var once: [DependencyValueRecord.Dependency: String] = [:]
  /// The action being reduced.
  var currentSeq: Int64 = 0
  /// The first read the recording does not have.
  private(set) var unexpectedRead: String?

  init(values: [DependencyValueRecord], after start: Int64) {
    for record in values {
      switch (record.dependency, record.reader) {
      case (.calendar, _), (.timeZone, _), (.locale, _):
        self.once[record.dependency] = record.value
      case let (dependency, .action(seq)):
        if seq > start { self.queues[dependency, default: []].append((seq, record.value)) }
      default:
        // Values effects read: effects do not run in a hermetic replay.
        break
      }
    }
  }

  /// Replaces the store's non-deterministic dependencies with the recorded values.
  func install(_ dependencies: inout DependencyValues) {
    dependencies.uuid = UUIDGenerator { [self] in
      self.next(.uuid).flatMap(UUID.init(uuidString:)) ?? UUID(0)
    }
    dependencies.date = DateGenerator { [self] in
      Date(timeIntervalSinceReferenceDate: self.next(.date).flatMap(Double.init) ?? 0)
    }
    dependencies.withRandomNumberGenerator = WithRandomNumberGenerator(
      PlaybackGenerator(playback: self))
    let decoder = JSONDecoder()
    if let text = self.once[.calendar],
      let value = try? decoder.decode(Calendar.self, from: Data(text.utf8))
    {
      dependencies.calendar = value
    }
    if let text = self.once[.timeZone],
      let value = try? decoder.decode(TimeZone.self, from: Data(text.utf8))
    {
      dependencies.timeZone = value
    }
    if let text = self.once[.locale],
      let value = try? decoder.decode(Locale.self, from: Data(text.utf8))
    {
      dependencies.locale = value
    }
  }

  /// The next recorded value of `dependency` for the action being reduced, or `nil` (and the read
  /// remembered) when the recording has none.
  func next(_ dependency: DependencyValueRecord.Dependency) -> String? {
    let position = self.positions[dependency, default: 0]
    let queue = self.queues[dependency, default: []]
    guard position < queue.count, queue[position].seq == self.currentSeq else {
      if self.unexpectedRead == nil {
        let recorded =
          position < queue.count
          ? "its next recorded \(Self.name(dependency)) was read by #\(queue[position].seq)"
          : "the recording has no more"
        self.unexpectedRead =
          "the reducer of #\(self.currentSeq) read a \(Self.name(dependency)) the recording does not have (\(recorded))"
      }
      return nil
    }
    self.positions[dependency] = position + 1
    return queue[position].value
  }

  /// Takes the first unexpected read, if there was one.
  func takeUnexpectedRead() -> String? {
    defer { self.unexpectedRead = nil }
    return self.unexpectedRead
  }

  /// Values the recorded reducer of `seq` read that this one did not, described; `nil` if none.
  func unreadValues(of seq: Int64) -> String? {
    var missing: [String] = []
    for (dependency, queue) in self.queues.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      var position = self.positions[dependency, default: 0]
      var count = 0
      while position < queue.count, queue[position].seq <= seq {
        count += 1
        position += 1
      }
      if count > 0 {
        missing.append("\(count) \(Self.name(dependency))\(count == 1 ? "" : "s")")
        self.positions[dependency] = position
      }
    }
    guard !missing.isEmpty else { return nil }
    return "the recorded reducer of #\(seq) read \(missing.joined(separator: ", ")) more than "
      + "this one did"
  }

  private static func name(_ dependency: DependencyValueRecord.Dependency) -> String {
    switch dependency {
    case .uuid: "UUID"
    case .date: "date"
    case .random: "random number"
    case .calendar: "calendar"
    case .timeZone: "time zone"
    case .locale: "locale"
    }
  }
}

/// Draws the recorded random numbers.
private struct PlaybackGenerator: RandomNumberGenerator, @unchecked Sendable {
  let playback: DependencyPlayback

  mutating func next() -> UInt64 {
    self.playback.next(.random).flatMap(UInt64.init) ?? 0
  }
}
