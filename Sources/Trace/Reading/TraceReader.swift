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
  /// that is not SQLite, a damaged database, an SQLite database that is not a trace, or a trace
  /// from a newer schema.
  public init(path: String) throws {
    self.path = path
    guard FileManager.default.fileExists(atPath: path) else {
      throw TraceError.fileNotFound(path: path)
    }
    var configuration = Configuration()
    configuration.readonly = true
    // NB: A recorder that is closing its trace holds a lock for a moment (the last connection's
    // checkpoint of the WAL); a reader opened then waits instead of failing with "locked".
    configuration.busyMode = .timeout(5)
    do {
      self.queue = try DatabaseQueue(path: path, configuration: configuration)
      self.header = try self.queue.read { db in try Self.readHeader(db, path: path) }
    } catch {
      throw Self.traceError(error, path: path)
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
    guard version >= TraceSchema.oldestReadable else {
      throw TraceError.corrupt(path: path, detail: "a trace of schema version \(version)")
    }
    guard let row = try HeaderRow.fetchOne(db, key: 1) else {
      throw TraceError.corrupt(path: path, detail: "a trace with no header row")
    }
    return row.header
  }

  /// Runs a query, turning database errors and stored values that do not read into one-line
  /// trace errors (what a caller's closure threw through ``callBack(_:)`` comes out as it was).
  func read<T>(_ body: (Database) throws -> T) throws -> T {
    do {
      return try self.queue.read(body)
    } catch let error as CallbackError {
      throw error.underlying
    } catch {
      throw Self.traceError(error, path: self.path)
    }
  }

  /// Any error met while reading, as one line: trace errors as they are, a database SQLite
  /// cannot read as damaged with its result code, other database errors by their message, a
  /// value of the wrong type, a NULL where the format has none or a stored spelling this version
  /// does not know as a corrupt trace.
  static func traceError(_ error: any Error, path: String) -> TraceError {
    switch error {
    case let error as TraceError:
      return error
    case let error as StoredValueError:
      return TraceError.corrupt(path: path, detail: error.description)
    case let error as DatabaseError:
      switch error.resultCode {
      case .SQLITE_NOTADB where !Self.startsAsSQLite(path):
        return TraceError.notSQLite(path: path)
      case .SQLITE_NOTADB, .SQLITE_CORRUPT, .SQLITE_IOERR:
        return TraceError.damaged(path: path, resultCode: error.resultCode)
      default:
        return TraceError.corrupt(path: path, detail: error.message ?? "\(error)")
      }
    case let error as RowDecodingError:
      // NB: GRDB's description goes on to print the whole row and the SQL; the first part says
      // what did not decode.
      let summary = "\(error)".components(separatedBy: " - ").first ?? "\(error)"
      return TraceError.corrupt(path: path, detail: "a row that does not decode (\(summary))")
    default:
      let line = "\(error)".split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
      return TraceError.corrupt(path: path, detail: line)
    }
  }

  /// Whether the file at `path` begins with the 16 bytes every SQLite database begins with; one
  /// that does but does not open is a damaged database, not some other kind of file.
  static func startsAsSQLite(_ path: String) -> Bool {
    guard let file = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? file.close() }
    let magic = Data("SQLite format 3\u{0}".utf8)
    return (try? file.read(upToCount: magic.count)) == magic
  }

  /// How many actions were recorded, and the first and last sequence numbers.
  public func actionSummary() throws -> (count: Int, first: Int64?, last: Int64?) {
    try self.read { db in
      let row = try Row.fetchOne(db, sql: "SELECT count(*), min(seq), max(seq) FROM actions")
      return (
        try row?.decode(atIndex: 0) ?? 0, try row?.decode(atIndex: 1),
        try row?.decode(atIndex: 2)
      )
    }
  }

  /// The actions with sequence numbers in `range`, in order.
  public func actions(in range: ClosedRange<Int64>) throws -> [ActionRecord] {
    try self.read { db in
      try ActionRow.filter(ActionRow.Columns.seq >= range.lowerBound)
        .filter(ActionRow.Columns.seq <= range.upperBound)
        .order(ActionRow.Columns.seq)
        .fetchAll(db).map(\.action)
    }
  }

  /// The action with sequence number `seq`, if recorded.
  public func action(_ seq: Int64) throws -> ActionRecord? {
    try self.actions(in: seq...seq).first
  }

  /// The action in `row` of the `actions` table, for queries of their own.
  func action(from row: Row) throws -> ActionRecord {
    try ActionRow(row: row).action
  }

  /// The effect in `row` of the `effects` table, for queries of their own.
  func effect(from row: Row) throws -> EffectRow {
    try EffectsRow(row: row).effect(schema: self.header.schemaVersion)
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
      var state = try TraceValue(jsonText: keyframe.decode(String.self, forColumn: "state"))
      let diffs = try String.fetchAll(
        db,
        sql: """
          SELECT diff FROM actions WHERE seq > ? AND seq <= ? AND diff IS NOT NULL ORDER BY seq
          """,
        arguments: [keyframe.decode(Int64.self, forColumn: "seq"), seq])
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
      ).map { (try $0.decode(forColumn: "seq"), try $0.decode(forColumn: "codable")) }
    }
  }

  /// The structural difference between the states after actions `from` and `to`.
  public func diff(from: Int64, to: Int64) throws -> [DiffOperation] {
    try self.state(at: from).diff(to: self.state(at: to))
  }

  /// Every effect, in start order.
  public func effects() throws -> [EffectRow] {
    try self.read { db in
      try EffectsRow.order(EffectsRow.Columns.id).fetchAll(db).map {
        try $0.effect(schema: self.header.schemaVersion)
      }
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
      try ScopeRow.filter(ScopeRow.Columns.actionSeq == seq).order(ScopeRow.Columns.path)
        .fetchAll(db).map(\.scope)
    }
  }

  /// What the recorder could not capture, by reason.
  public func notCaptured() throws -> [NotCapturedReason: Int64] {
    try self.read { db in
      var counts: [NotCapturedReason: Int64] = [:]
      for row in try NotCapturedRow.fetchAll(db) {
        counts[try row.reason(schema: self.header.schemaVersion), default: 0] += row.count
      }
      return counts
    }
  }
}
