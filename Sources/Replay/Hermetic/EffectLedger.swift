import ComposableRuntime
import RuntimeReflection
import Trace

/// The recorded effects a replay compares against, and what the replay's store did with its own.
///
/// Effects are matched by the order they started in: the replay's nth effect is the recording's
/// nth effect after the starting point (the same ids when a replay starts at the beginning).
struct EffectLedger {
  /// The recorded effects started after the starting point, in start order.
  let recorded: [EffectRow]
  /// How many effects the replay's store has started.
  private(set) var startedCount = 0
  /// How many recorded effects started before the last check's time.
  private var dueCount = 0
  /// The replay's effects that the store cancelled, by position in `recorded`.
  private var cancelled: Set<Int> = []
  /// The recorded ends a replay reproduces itself (finished, failed, or ended from outside the
  /// app), in end order, and how many were handed out.
  private let ends: [(position: Int, time: Int64, outcome: EffectOutcome)]
  private var endsHandedOut = 0
  /// The recorded cancellations by the app (`cancel(id:)`, `cancelInFlight`, a dismissed
  /// parent), in end order, and how many were checked.
  private let cancellations: [(position: Int, time: Int64, reason: String)]
  private var cancellationsChecked = 0

  init(effects: [EffectRow], after start: Int64) {
    self.recorded = effects.filter { $0.start.actionSeq > start }.sorted {
      $0.start.id < $1.start.id
    }
    var ends: [(Int, Int64, EffectOutcome)] = []
    var cancellations: [(Int, Int64, String)] = []
    for (index, effect) in self.recorded.enumerated() {
      guard let end = effect.end else { continue }
      switch end.outcome {
      // NB: `ended` (a recording through TCA's public API) cannot say it was cancelled by id.
      case .finished, .ended: ends.append((index, end.endNanoseconds, .finished))
      case let .failed(error):
        ends.append((index, end.endNanoseconds, .failed(RecordedFailure(error))))
      case let .cancelled(reason):
        if Self.isCancellationByTheApp(reason) {
          cancellations.append((index, end.endNanoseconds, reason.description))
        } else {
          ends.append((index, end.endNanoseconds, Self.outcome(cancelledFromOutside: reason)))
        }
      }
    }
    self.ends = ends.sorted { $0.1 < $1.1 }
    self.cancellations = cancellations.sorted { $0.1 < $1.1 }
  }

  /// How the replay ends an effect the recording saw cancelled from outside the app's reducers:
  /// as cancelled when the store task or the store went away, so that nothing concatenated after
  /// it starts (a presentation's closing `.dismiss`), and as finished otherwise.
  static func outcome(cancelledFromOutside reason: EffectEndRecord.CancellationReason)
    -> EffectOutcome
  {
    switch reason.spelling {
    case .storeTaskCancelled: .cancelled(.storeTaskCancelled)
    case .storeReleased: .cancelled(.storeReleased)
    default: .finished
    }
  }

  static func isCancellationByTheApp(_ reason: EffectEndRecord.CancellationReason) -> Bool {
    [.cancelID, .cancelInFlight, .parentDismissed].contains(reason.spelling)
  }

  /// The position in `recorded` of the replay store's effect `id`.
  static func position(of id: EffectID) -> Int { Int(id.rawValue) - 1 }

  /// The replay store's id of the recorded effect at `position`.
  static func replayID(at position: Int) -> EffectID { EffectID(rawValue: UInt64(position + 1)) }

  /// The recorded ends before `time` (all, when `nil`) not handed out yet, in end order: a replay
  /// ends its tracked effects as the recording's ended.
  mutating func ends(before time: Int64?) -> [(position: Int, outcome: EffectOutcome)] {
    var due: [(Int, EffectOutcome)] = []
    while self.endsHandedOut < self.ends.count,
      time.map({ self.ends[self.endsHandedOut].time < $0 }) ?? true
    {
      let end = self.ends[self.endsHandedOut]
      due.append((end.position, end.outcome))
      self.endsHandedOut += 1
    }
    return due
  }

  /// Compares the effects the replay started and ended since the last check with the recording.
  /// `seqOfAction` maps the replay store's action ids to recorded seqs; `time` is the start of
  /// the next input (`nil` after the last one).
  mutating func check(
    started: [EffectStart], ended: [(id: EffectID, outcome: EffectOutcome)],
    seqOfAction: (ActionID) -> Int64?, before time: Int64?
  ) -> String? {
    for start in started {
      let position = Self.position(of: start.id)
      self.startedCount = max(self.startedCount, position + 1)
      let seq = seqOfAction(start.action) ?? 0
      let actual = Self.describe(
        kind: EffectKind(start.kind).description, cancelIDs: start.cancelIDs.map { "\($0.base)" },
        name: start.name, seq: seq)
      guard position < self.recorded.count else {
        return "started an effect the recording does not have: \(actual)"
      }
      let recorded = self.recorded[position].start
      let expected = Self.describe(
        kind: recorded.kind.description, cancelIDs: recorded.cancelIDs, name: recorded.name,
        seq: recorded.actionSeq)
      if expected != actual {
        return "started \(actual)\n    recorded: \(expected)"
      }
    }
    while self.dueCount < self.recorded.count,
      time.map({ self.recorded[self.dueCount].start.startNanoseconds < $0 }) ?? true
    {
      self.dueCount += 1
    }
    if self.dueCount > self.startedCount {
      let missing = self.recorded[self.startedCount].start
      return "did not start "
        + Self.describe(
          kind: missing.kind.description, cancelIDs: missing.cancelIDs, name: missing.name,
          seq: missing.actionSeq)
        + " (recorded as effect #\(missing.id))"
    }
    for end in ended {
      // NB: An end the ledger handed out itself (a store task cancelled) is not the app's.
      guard case let .cancelled(reason) = end.outcome,
        reason != .storeTaskCancelled, reason != .storeReleased
      else { continue }
      let position = Self.position(of: end.id)
      self.cancelled.insert(position)
      guard position < self.recorded.count else { continue }
      let recorded = self.recorded[position]
      // NB: An effect the recording has no end for may have ended after the recorder finished
      // (its end then counts as not captured); only a recorded finish or failure contradicts it.
      guard let recordedEnd = recorded.end else { continue }
      let wasCancelled: Bool =
        if case let .cancelled(recordedReason) = recordedEnd.outcome {
          Self.isCancellationByTheApp(recordedReason)
        } else {
          false
        }
      if !wasCancelled {
        return "cancelled effect #\(recorded.start.id) (\(reason)); the recording ended it "
          + "\(recordedEnd.outcome)"
      }
    }
    while self.cancellationsChecked < self.cancellations.count,
      time.map({ self.cancellations[self.cancellationsChecked].time < $0 }) ?? true
    {
      let cancellation = self.cancellations[self.cancellationsChecked]
      guard cancellation.position < self.startedCount else { break }
      self.cancellationsChecked += 1
      if !self.cancelled.contains(cancellation.position) {
        let effect = self.recorded[cancellation.position].start
        return "did not cancel effect #\(effect.id) (\(effect.kind), started by "
          + "#\(effect.actionSeq)); the recording cancelled it (\(cancellation.reason))"
      }
    }
    return nil
  }

  /// An effect's start as a divergence names it; the cancel ids are normalized here (see
  /// ``CancelIDText``), so the recorded ones and the replay's compare alike.
  static func describe(kind: String, cancelIDs: [String], name: String?, seq: Int64) -> String {
    var text = "\(kind) effect of #\(seq)"
    if let name { text += " named \(name)" }
    if !cancelIDs.isEmpty {
      text += ", cancel ids \(cancelIDs.map(CancelIDText.normalized).joined(separator: ", "))"
    }
    return text
  }
}

/// A recorded effect's failure, handed back to a replay's store as the outcome it ended with.
struct RecordedFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
