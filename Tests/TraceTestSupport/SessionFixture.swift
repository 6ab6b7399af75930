import Foundation
import TestSupport
import Trace

/// Builds a trace action by action with `TraceWriter`, keeping what it wrote so tests can
/// compute what the profiler should say from the same inputs.
public struct SessionFixture {
  public var batch = TraceBatch()
  public var seq: Int64 = 0
  public var effectID: Int64 = 0
  public var count: Int64 = 0
  /// The `edits` of each of the three todos, by id.
  public var edits: [Int64] = [0, 0, 0]

  public init() {
    let todos = (0..<3).map { id in
      TraceValue.object([.init("id", .int(Int64(id))), .init("edits", .int(0))])
    }
    batch.keyframes.append(
      KeyframeRecord(
        seq: 0, state: .object([.init("count", .int(0)), .init("todos", .array(todos))]),
        codable: nil))
  }

  /// Records an action at `start` taking `duration`; `changes` bumps `count` (a diff on
  /// `count`), `todo` also bumps `todos[id: todo].edits`.
  @discardableResult
  public mutating func action(
    _ name: String, at start: Int64, duration: Int64, changes: Bool = true,
    from effect: Int64? = nil, todo: Int? = nil
  ) -> Int64 {
    seq += 1
    var diff: [DiffOperation] = []
    if changes {
      diff.append(.replace(TracePath([.field("count")]), old: .int(count), new: .int(count + 1)))
      count += 1
      if let todo {
        diff.append(
          .replace(
            TracePath([.field("todos"), .id(String(todo)), .field("edits")]),
            old: .int(edits[todo]), new: .int(edits[todo] + 1)))
        edits[todo] += 1
      }
    }
    batch.actions.append(
      ActionRecord(
        seq: seq, origin: effect.map { .effect($0) } ?? .send, name: name, payload: nil,
        startNanoseconds: start, durationNanoseconds: duration, stateChanged: changes,
        stateHash: seq, diff: diff))
    return seq
  }

  /// Starts an effect for action `actionSeq`; ends it when `end` is given.
  @discardableResult
  public mutating func effect(
    of actionSeq: Int64, kind: String, name: String? = nil, location: String? = nil,
    cancelIDs: [String] = [], start: Int64, end: Int64? = nil, outcome: String? = nil,
    reason: String? = nil, sent: Int64 = 0
  ) -> Int64 {
    effectID += 1
    batch.effectStarts.append(
      EffectStartRecord(
        id: effectID, actionSeq: actionSeq, kind: EffectKind(rawValue: kind)!, name: name,
        cancelIDs: cancelIDs, location: location, startNanoseconds: start))
    if let end, let outcome {
      batch.effectEnds.append(
        EffectEndRecord(
          id: effectID, endNanoseconds: end,
          outcome: Self.outcome(outcome, reason: reason), actionsSent: sent))
    }
    return effectID
  }

  /// The typed outcome an effect's ending is written as, from its display text:
  /// `"cancelled"` with `"cancel(id: x)"`, `"cancelInFlight (id: x)"` or `"parent dismissed"`.
  public static func outcome(_ outcome: String, reason: String?) -> EffectEndRecord.Outcome {
    switch (outcome, reason) {
    case ("finished", _): return .finished
    case ("failed", _): return .failed(error: "")
    case let ("cancelled", reason?):
      for (prefix, make) in [
        ("cancel(id: ", EffectEndRecord.CancellationReason.cancelID),
        ("cancelInFlight (id: ", EffectEndRecord.CancellationReason.cancelInFlight),
      ] where reason.hasPrefix(prefix) {
        return .cancelled(make(String(reason.dropFirst(prefix.count).dropLast())))
      }
      let plain: [EffectEndRecord.CancellationReason] = [
        .parentDismissed, .storeReleased, .storeTaskCancelled, .threwCancellationError,
      ]
      return .cancelled(plain.first { $0.description == reason }!)
    default:
      fatalError("no outcome \(outcome) (\(reason ?? "no reason")) in the fixture")
    }
  }

  public mutating func scope(_ path: String, of actionSeq: Int64, self selfNs: Int64, total: Int64) {
    batch.scopes.append(
      ScopeRecord(
        actionSeq: actionSeq, path: path, selfNanoseconds: selfNs, totalNanoseconds: total,
        calls: 1))
  }

  /// Writes the trace, with `metadata` in its header; `finished: false` leaves it as a killed
  /// recording would.
  public func write(
    to path: String, finished: Bool = true, end: Int64, metadata: [String: String] = [:]
  ) throws -> TraceReader {
    let writer = try TraceWriter(
      path: path,
      header: TraceHeader(
        recorderVersion: "test", stateType: "Fixture.State", actionType: "Fixture.Action",
        startedAt: "2026-11-23T00:00:00Z", keyframeInterval: 1000,
        options: TraceHeader.Options(), metadata: metadata))
    try writer.write(batch)
    if finished {
      try writer.finish(cleanly: true, reason: "finished", endNanoseconds: end)
    }
    return try TraceReader(path: path)
  }
}

/// The nearest-rank percentile, computed the plain way, to check the SQL against.
public func nearestRank(_ values: [Int64], _ percent: Int) -> Int64 {
  let sorted = values.sorted()
  let rank = (sorted.count * percent + 99) / 100
  return sorted[max(rank, 1) - 1]
}
