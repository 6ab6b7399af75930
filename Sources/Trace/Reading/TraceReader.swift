import Foundation
import GRDB

/// Reads a trace, also while it is still being written (WAL): its header, actions, states at any
/// point, diffs, effects and scope timings.
///
/// ```swift
/// let trace = try TraceReader(path: "session.sqlite")
/// let state = try trace.state(at: 120)            // after action 120
/// let changes = try trace.actions(changing: TracePath(parsing: "todos"))
/// ```
public final class TraceReader: Sendable {
  public let path: String
  public let header: TraceHeader
  let queue: DatabaseQueue

  /// Opens the trace at `path`, failing with one clear ``TraceError`` for a missing file, a file
  /// that is not SQLite, an SQLite database that is not a trace, or a trace from a newer schema.
  public init(path: String) throws {
    self.path = path
    guard FileManager.default.fileExists(atPath: path) else {
      throw TraceError.fileNotFound(path: path)
    }
    var configuration = Configuration()
    configuration.readonly = true
    do {
      self.queue = try DatabaseQueue(path: path, configuration: configuration)
      self.header = try self.queue.read { db in try Self.readHeader(db, path: path) }
    } catch let error as TraceError {
      throw error
    } catch let error as DatabaseError {
      if error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
        throw TraceError.notSQLite(path: path)
      }
      throw TraceError.corrupt(path: path, detail: error.message ?? "\(error)")
    }
  }

  private static func readHeader(_ db: Database, path: String) throws -> TraceHeader {
    let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
    guard applicationID == TraceSchema.applicationID else {
      let tables = try String.fetchAll(
        db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      throw TraceError.notATrace(
        path: path,
        found: tables.isEmpty
          ? "with no tables" : "with tables \(tables.prefix(5).joined(separator: ", "))")
    }
    let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
    guard version <= TraceSchema.version else {
      throw TraceError.newerSchema(path: path, found: version, supported: TraceSchema.version)
    }
    guard version == 1, let row = try Row.fetchOne(db, sql: "SELECT * FROM header WHERE id = 1")
    else {
      throw TraceError.corrupt(path: path, detail: "a trace with no header row")
    }
    return TraceHeader(
      schemaVersion: row["schema_version"], recorderVersion: row["recorder_version"],
      stateType: row["state_type"], actionType: row["action_type"],
      startedAt: row["started_at"], keyframeInterval: row["keyframe_interval"],
      options: row["options"], finishedCleanly: row["finished_cleanly"],
      endReason: row["end_reason"], endedNanoseconds: row["ended_ns"])
  }

  /// Runs a query, turning database errors into one-line trace errors.
  func read<T>(_ body: (Database) throws -> T) throws -> T {
    do {
      return try self.queue.read(body)
    } catch let error as DatabaseError {
      throw TraceError.corrupt(path: self.path, detail: error.message ?? "\(error)")
    }
  }

  /// How many actions were recorded, and the first and last sequence numbers.
  public func actionSummary() throws -> (count: Int, first: Int64?, last: Int64?) {
    try self.read { db in
      let row = try Row.fetchOne(db, sql: "SELECT count(*), min(seq), max(seq) FROM actions")
      return (row?[0] ?? 0, row?[1], row?[2])
    }
  }

  /// The actions with sequence numbers in `range`, in order.
  public func actions(in range: ClosedRange<Int64>) throws -> [ActionRecord] {
    try self.read { db in
      try Row.fetchAll(
        db, sql: "SELECT * FROM actions WHERE seq BETWEEN ? AND ? ORDER BY seq",
        arguments: [range.lowerBound, range.upperBound]
      ).map { try self.action(from: $0) }
    }
  }

  /// The action with sequence number `seq`, if recorded.
  public func action(_ seq: Int64) throws -> ActionRecord? {
    try self.actions(in: seq...seq).first
  }

  func action(from row: Row) throws -> ActionRecord {
    let origin: ActionRecord.Origin =
      (row["origin"] as String) == "send" ? .send : .effect(row["effect_id"] ?? 0)
    let payload: String? = row["payload"]
    let diff: String? = row["diff"]
    do {
      return ActionRecord(
        seq: row["seq"], origin: origin, name: row["name"],
        payload: try payload.map { try TraceValue(jsonText: $0) },
        startNanoseconds: row["start_ns"], durationNanoseconds: row["duration_ns"],
        stateChanged: row["state_changed"], stateHash: row["state_hash"],
        diff: try diff.map { try DiffOperation.operations(jsonText: $0) } ?? [])
    } catch {
      throw TraceError.corrupt(
        path: self.path, detail: "action \(row["seq"] as Int64) that does not decode: \(error)")
    }
  }

  /// The state after action `seq` (0: the initial state): the nearest keyframe at or before it
  /// with the diffs of the actions since applied, so at most one keyframe interval of diffs.
  public func state(at seq: Int64) throws -> TraceValue {
    try self.read { db in try self.state(at: seq, in: db) }
  }

  /// ``state(at:)`` inside a read that is already open.
  func state(at seq: Int64, in db: Database) throws -> TraceValue {
    guard
      let keyframe = try Row.fetchOne(
        db, sql: "SELECT seq, state FROM keyframes WHERE seq <= ? ORDER BY seq DESC LIMIT 1",
        arguments: [seq])
    else {
      throw TraceError.corrupt(path: self.path, detail: "no keyframe at or before \(seq)")
    }
    do {
      var state = try TraceValue(jsonText: keyframe["state"] as String)
      let diffs = try String.fetchAll(
        db,
        sql: """
          SELECT diff FROM actions WHERE seq > ? AND seq <= ? AND diff IS NOT NULL ORDER BY seq
          """,
        arguments: [keyframe["seq"] as Int64, seq])
      for diff in diffs {
        try state.apply(DiffOperation.operations(jsonText: diff))
      }
      return state
    } catch let error as TraceError {
      throw error
    } catch {
      throw TraceError.corrupt(path: self.path, detail: "a state that does not rebuild: \(error)")
    }
  }

  /// The exact `Codable` encoding of the state at the keyframe at or before `seq`, with that
  /// keyframe's sequence number, when the state was `Codable`.
  public func codableKeyframe(atOrBefore seq: Int64) throws -> (seq: Int64, json: Data)? {
    try self.read { db in
      try Row.fetchOne(
        db,
        sql: """
          SELECT seq, codable FROM keyframes WHERE seq <= ? AND codable IS NOT NULL
          ORDER BY seq DESC LIMIT 1
          """,
        arguments: [seq]
      ).map { ($0["seq"], $0["codable"]) }
    }
  }

  /// The structural difference between the states after actions `from` and `to`.
  public func diff(from: Int64, to: Int64) throws -> [DiffOperation] {
    try self.state(at: from).diff(to: self.state(at: to))
  }

  /// Every effect, in start order.
  public func effects() throws -> [EffectRow] {
    try self.read { db in
      try Row.fetchAll(db, sql: "SELECT * FROM effects ORDER BY id").map(Self.effect(from:))
    }
  }

  /// The effects alive after action `seq` ran: started by then and not ended before the next
  /// action started.
  public func effects(aliveAt seq: Int64) throws -> [EffectRow] {
    var filter = EffectFilter()
    filter.aliveAt = seq
    var effects: [EffectRow] = []
    try self.forEachEffect(matching: filter) { effect, _ in effects.append(effect) }
    return effects
  }

  static func effect(from row: Row) -> EffectRow {
    let cancelIDs: String? = row["cancel_ids"]
    var ids: [String] = []
    if let cancelIDs, case let .array(values)? = try? TraceValue(jsonText: cancelIDs) {
      ids = values.compactMap { if case let .string(id) = $0 { id } else { nil } }
    }
    let start = EffectStartRecord(
      id: row["id"], actionSeq: row["action_seq"], kind: row["kind"], name: row["name"],
      cancelIDs: ids, location: row["location"], startNanoseconds: row["start_ns"])
    let outcome: String? = row["outcome"]
    let end = outcome.map {
      EffectEndRecord(
        id: row["id"], endNanoseconds: row["end_ns"] ?? 0, outcome: $0, reason: row["reason"],
        error: row["error"], actionsSent: row["actions_sent"])
    }
    return EffectRow(start: start, end: end)
  }

  /// The sequence numbers of the actions that changed the state at `path`, inside it, or at one
  /// of its ancestors (which may have replaced, inserted or removed it); see
  /// ``forEachChange(of:_:)`` for the actions whose change left the value at `path` different.
  public func actions(changing path: TracePath) throws -> [Int64] {
    let (condition, arguments) = Self.changedPathCondition(for: path)
    return try self.read { db in
      try Int64.fetchAll(
        db, sql: "SELECT DISTINCT seq FROM changed_paths WHERE \(condition) ORDER BY seq",
        arguments: arguments)
    }
  }

  /// The scope timings of action `seq`.
  public func scopes(of seq: Int64) throws -> [ScopeRecord] {
    try self.read { db in
      try Row.fetchAll(
        db, sql: "SELECT * FROM scopes WHERE action_seq = ? ORDER BY path", arguments: [seq]
      ).map {
        ScopeRecord(
          actionSeq: $0["action_seq"], path: $0["path"], selfNanoseconds: $0["self_ns"],
          totalNanoseconds: $0["total_ns"], calls: $0["calls"])
      }
    }
  }

  /// What the recorder could not capture, by reason.
  public func notCaptured() throws -> [String: Int64] {
    try self.read { db in
      Dictionary(
        uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT reason, count FROM not_captured")
          .map { ($0["reason"] as String, $0["count"] as Int64) })
    }
  }
}
