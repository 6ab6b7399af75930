import ComposableRuntime
import Foundation
import Trace

/// Hands a replayed reducer the values of `uuid`, `date` and the random number generator that the
/// recorded reducer read, in the same order, and notices when it reads one the recording does not
/// have, or fewer than it has. In a live replay, where effects run, it hands each effect the
/// values the recorded effect in its place read, too.
final class DependencyPlayback: @unchecked Sendable {
  // NB: @unchecked: read and written on the main actor only, by the replay and by the reducer it
  // runs there (and, live, by effects, which run on the main serial executor).
  /// The values read by reducers, by dependency, in order, with the seq that read each.
  private var queues: [DependencyValueRecord.Dependency: [(seq: Int64, value: String)]] = [:]
  private var positions: [DependencyValueRecord.Dependency: Int] = [:]
  /// Values recorded once (calendar, time zone, locale).
  private var once: [DependencyValueRecord.Dependency: String] = [:]
  /// The values read by effects, by recorded effect id and dependency, in order.
  private var effectQueues: [Int64: [DependencyValueRecord.Dependency: [String]]] = [:]
  private var effectPositions: [Int64: [DependencyValueRecord.Dependency: Int]] = [:]
  /// The action being reduced.
  var currentSeq: Int64 = 0
  /// Whether a reducer is running; when not, a read comes from the effect whose work runs
  /// (``EffectID/current``). Always true in a hermetic replay, where effects do not run.
  var isReducing = true
  /// This run's effects by the recorded effect in their place, and the seq that started each.
  var recordedEffects: [EffectID: (id: Int64, seq: Int64)] = [:]
  /// The first read the recording does not have.
  private(set) var unexpectedRead: String?
  /// The seq of the action that made ``unexpectedRead``: its reducer's, or its effect's starter.
  private(set) var unexpectedReadSeq: Int64?

  /// Plays back the values read after `start`; with `effects`, the values effects read too.
  init(values: [DependencyValueRecord], after start: Int64, effects: Bool = false) {
    for record in values {
      switch (record.dependency, record.reader) {
      case (.calendar, _), (.timeZone, _), (.locale, _):
        self.once[record.dependency] = record.value
      case let (dependency, .action(seq)):
        if seq > start { self.queues[dependency, default: []].append((seq, record.value)) }
      case let (dependency, .effect(id)) where effects:
        self.effectQueues[id, default: [:]][dependency, default: []].append(record.value)
      default:
        // Values effects read in a hermetic replay, where effects do not run.
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
    if !self.isReducing, let effect = EffectID.current {
      return self.next(dependency, readBy: effect)
    }
    let position = self.positions[dependency, default: 0]
    let queue = self.queues[dependency, default: []]
    guard position < queue.count, queue[position].seq == self.currentSeq else {
      let recorded =
        position < queue.count
        ? "its next recorded \(Self.name(dependency)) was read by #\(queue[position].seq)"
        : "the recording has no more"
      self.noteUnexpected(
        "the reducer of #\(self.currentSeq) read a \(Self.name(dependency)) the recording does not have (\(recorded))",
        seq: self.currentSeq)
      return nil
    }
    self.positions[dependency] = position + 1
    return queue[position].value
  }

  /// The next value of `dependency` the recorded effect in `effect`'s place read, or `nil` (and
  /// the read remembered).
  private func next(
    _ dependency: DependencyValueRecord.Dependency, readBy effect: EffectID
  ) -> String? {
    guard let recorded = self.recordedEffects[effect] else {
      self.noteUnexpected(
        "\(effect) read a \(Self.name(dependency)); the recording has no effect in its place",
        seq: self.currentSeq)
      return nil
    }
    let position = self.effectPositions[recorded.id]?[dependency] ?? 0
    let queue = self.effectQueues[recorded.id]?[dependency] ?? []
    guard position < queue.count else {
      self.noteUnexpected(
        "effect #\(recorded.id) (started by #\(recorded.seq)) read a \(Self.name(dependency)) "
          + "the recording does not have (it read \(queue.count))",
        seq: recorded.seq)
      return nil
    }
    self.effectPositions[recorded.id, default: [:]][dependency] = position + 1
    return queue[position]
  }

  private func noteUnexpected(_ read: String, seq: Int64) {
    guard self.unexpectedRead == nil else { return }
    self.unexpectedRead = read
    self.unexpectedReadSeq = seq
  }

  /// Takes the first unexpected read, if there was one.
  func takeUnexpectedRead() -> String? {
    defer {
      self.unexpectedRead = nil
      self.unexpectedReadSeq = nil
    }
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
