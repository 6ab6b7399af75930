import Foundation
import GRDB

extension TraceReader {
  /// Why this trace cannot be replayed, as one line (`not replayable: …`), or `nil` when it can.
  ///
  /// Traces of schema 1 and 2 were recorded before replay existed and hold no action encodings.
  public func notReplayable() throws -> String? {
    guard self.header.schemaVersion >= 3 else {
      return
        "not replayable: a schema v\(self.header.schemaVersion) trace holds no action encodings "
        + "(recorded before replay; record it again)"
    }
    return try self.read { db in
      try String.fetchOne(db, sql: "SELECT not_replayable FROM header WHERE id = 1")
    }
  }

  /// Every action the store received with `seq` greater than `after`, in order: the recorded
  /// actions and those the deny-list kept out (stored for replay only, with `recorded` `nil`).
  public func replayInputs(after: Int64 = 0) throws -> [ReplayInput] {
    try self.read { db in
      var inputs: [ReplayInput] = []
      let rows = try Row.fetchCursor(
        db, sql: "SELECT * FROM actions WHERE seq > ? ORDER BY seq",
        arguments: [after])
      while let row = try rows.next() {
        let action = try self.action(from: row)
        let encoding: Data? = row["encoding"]
        inputs.append(
          ReplayInput(
            seq: action.seq, origin: action.origin, startNanoseconds: action.startNanoseconds,
            encoding: encoding.map(Array.init), recorded: action))
      }
      let denied = try Row.fetchAll(
        db,
        sql: """
          SELECT seq, origin, effect_id, start_ns, encoding FROM denied_inputs
          WHERE seq > ? ORDER BY seq
          """, arguments: [after])
      guard !denied.isEmpty else { return inputs }
      for row in denied {
        let seq: Int64 = row["seq"]
        let origin: ActionRecord.Origin =
          (row["origin"] as String) == "send" ? .send : .effect(row["effect_id"] ?? 0)
        let encoding: Data = row["encoding"]
        inputs.append(
          ReplayInput(
            seq: seq, origin: origin, startNanoseconds: row["start_ns"],
            encoding: Array(encoding), recorded: nil))
      }
      inputs.sort { $0.seq < $1.seq }
      return inputs
    }
  }

  /// Every non-deterministic value the recorded app read, in the order it read them.
  public func dependencyValues() throws -> [DependencyValueRecord] {
    guard self.header.schemaVersion >= 3 else { return [] }
    return try self.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT dependency, action_seq, effect_id, value FROM dependency_values ORDER BY ordinal
          """
      ).map { row in
        let spelling: String = row["dependency"]
        guard let dependency = DependencyValueRecord.Dependency(rawValue: spelling) else {
          throw StoredValueError(description: "a dependency value of unknown kind '\(spelling)'")
        }
        return DependencyValueRecord(
          dependency: dependency, reader: ReplayInputRows.reader(in: row), value: row["value"])
      }
    }
  }

  /// What the recorded app asked its clock, in the order asked; empty before schema 4.
  public func clockRequests() throws -> [ClockRequestRecord] {
    guard self.header.schemaVersion >= 4 else { return [] }
    return try self.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT request, action_seq, effect_id, nanoseconds FROM clock_requests ORDER BY ordinal
          """
      ).map { row in
        let spelling: String = row["request"]
        guard let request = ClockRequestRecord.Request(rawValue: spelling) else {
          throw StoredValueError(description: "a clock request of unknown kind '\(spelling)'")
        }
        return ClockRequestRecord(
          request: request, reader: ReplayInputRows.reader(in: row),
          nanoseconds: row["nanoseconds"])
      }
    }
  }
}

/// One action as a replay feeds it: where it came from, when, and its exact encoding.
public struct ReplayInput: Hashable, Sendable {
  public var seq: Int64
  public var origin: ActionRecord.Origin
  /// When its reducer started, in nanoseconds since the recording started.
  public var startNanoseconds: Int64
  /// The exact `Codable` encoding (JSON); `nil` when the trace has none for it.
  public var encoding: [UInt8]?
  /// The action as recorded, with its state hash and diff; `nil` for an action the deny-list
  /// kept out, which is fed but not compared.
  public var recorded: ActionRecord?

  /// When it came: on the app's clock where the trace has it (schema 8 on), else on the
  /// recorder's. A replay on a `TestClock` moves the clock by these times.
  public var clockTime: Int64 {
    self.recorded?.clockNanoseconds ?? self.startNanoseconds
  }
}
