import Foundation
import GRDB

/// Writes a trace file: creates it (mode 0600, WAL, schema v1), then takes one ``TraceBatch`` per
/// transaction, then records how the recording ended.
///
/// Only the recorder's background worker calls it; it is not thread-safe by itself.
public final class TraceWriter {
  public let path: String
  private let queue: DatabaseQueue

  /// Creates the trace at `path` with `header`. An existing trace there is replaced when
  /// `replacingExisting`; an existing file that is not a trace never is.
  public init(path: String, header: TraceHeader, replacingExisting: Bool = true) throws {
    self.path = path
    if FileManager.default.fileExists(atPath: path) {
      guard replacingExisting, Self.isTrace(at: path) else {
        throw TraceError.refusingToOverwrite(path: path)
      }
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
      }
    }
    // NB: Traces hold user data. SQLite gives its -wal and -shm files the mode of the database
    // file, so creating it first with 0600 covers all three.
    let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY, 0o600)
    guard descriptor >= 0 else {
      throw TraceError.writeFailed(path: path, detail: String(cString: strerror(errno)))
    }
    close(descriptor)
    do {
      var configuration = Configuration()
      configuration.journalMode = .wal
      configuration.prepareDatabase { db in
        // NB: In WAL mode, NORMAL keeps the file consistent after a crash (a committed batch
        // survives a killed process) without an fsync per transaction.
        try db.execute(sql: "PRAGMA synchronous = NORMAL")
      }
      self.queue = try DatabaseQueue(path: path, configuration: configuration)
      try self.queue.write { db in
        for statement in TraceSchema.statements { try db.execute(sql: statement) }
        try db.execute(sql: "PRAGMA application_id = \(TraceSchema.applicationID)")
        try db.execute(sql: "PRAGMA user_version = \(header.schemaVersion)")
        try db.execute(
          sql: """
            INSERT INTO header (id, schema_version, recorder_version, state_type, action_type,
              started_at, keyframe_interval, options)
            VALUES (1, ?, ?, ?, ?, ?, ?, ?)
            """,
          arguments: [
            header.schemaVersion, header.recorderVersion, header.stateType, header.actionType,
            header.startedAt, header.keyframeInterval, header.options,
          ])
      }
    } catch let error as DatabaseError {
      throw TraceError.writeFailed(path: path, detail: error.message ?? "\(error)")
    }
  }

  /// Names the root feature's types in the header, once the recorder knows them.
  public func setRootTypes(state: String, action: String) throws {
    do {
      try self.queue.write { db in
        try db.execute(
          sql: "UPDATE header SET state_type = ?, action_type = ? WHERE id = 1",
          arguments: [state, action])
      }
    } catch let error as DatabaseError {
      throw TraceError.writeFailed(path: self.path, detail: error.message ?? "\(error)")
    }
  }

  /// Lets the file grow by at most `pages` more database pages; a test uses it to make writes
  /// fail as on a full disk.
  public func limitPageCount(growingBy pages: Int) throws {
    try self.queue.writeWithoutTransaction { db in
      let current = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
      try db.execute(sql: "PRAGMA max_page_count = \(current + pages)")
    }
  }

  /// Writes `batch` in one transaction.
  public func write(_ batch: TraceBatch) throws {
    guard !batch.isEmpty else { return }
    do {
      try self.queue.inTransaction { db in
        try Self.insert(batch, into: db)
        return .commit
      }
    } catch let error as DatabaseError {
      throw TraceError.writeFailed(path: self.path, detail: error.message ?? "\(error)")
    }
  }

  /// Records how the recording ended. After a failed write it lifts the page limit a little so the
  /// reason can still be written; if even that fails, the header keeps saying the recording did
  /// not finish cleanly.
  public func finish(cleanly: Bool, reason: String, endNanoseconds: Int64) throws {
    do {
      try self.queue.write { db in
        if !cleanly {
          let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
          try db.execute(sql: "PRAGMA max_page_count = \(pages + 16)")
        }
        try db.execute(
          sql: "UPDATE header SET finished_cleanly = ?, end_reason = ?, ended_ns = ? WHERE id = 1",
          arguments: [cleanly, reason, endNanoseconds])
      }
      try self.queue.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
      }
    } catch let error as DatabaseError {
      throw TraceError.writeFailed(path: self.path, detail: error.message ?? "\(error)")
    }
  }

  private static func insert(_ batch: TraceBatch, into db: Database) throws {
    let insertAction = RawInsert(
      try db.cachedStatement(
        sql: """
          INSERT INTO actions (seq, origin, effect_id, name, payload, start_ns, duration_ns,
            state_changed, state_hash, diff)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """), in: db)
    let insertPath = RawInsert(
      try db.cachedStatement(sql: "INSERT OR IGNORE INTO changed_paths (path, seq) VALUES (?, ?)"),
      in: db)
    for action in batch.actions {
      let (origin, effectID): (String, Int64?) =
        switch action.origin {
        case .send: ("send", nil)
        case let .effect(id): ("effect", id)
        }
      try insertAction.run { row in
        row.int(1, action.seq)
        row.text(2, origin)
        row.int(3, effectID)
        row.text(4, action.name)
        row.text(5, action.payload?.jsonText)
        row.int(6, action.startNanoseconds)
        row.int(7, action.durationNanoseconds)
        row.int(8, action.stateChanged ? 1 : 0)
        row.int(9, action.stateHash)
        row.text(
          10,
          action.diff.isEmpty ? nil : action.encodedDiff ?? DiffOperation.jsonText(of: action.diff))
      }
      var written = Set<String>()
      for operation in action.diff {
        let path = operation.path.description
        guard written.insert(path).inserted else { continue }
        try insertPath.run { row in
          row.text(1, path)
          row.int(2, action.seq)
        }
      }
    }
    let insertKeyframe = try db.cachedStatement(
      sql: "INSERT OR REPLACE INTO keyframes (seq, state, codable) VALUES (?, ?, ?)")
    for keyframe in batch.keyframes {
      try insertKeyframe.execute(arguments: [
        keyframe.seq, keyframe.state.jsonText, keyframe.codable.map { Data($0) },
      ])
    }
    let insertEffect = try db.cachedStatement(
      sql: """
        INSERT INTO effects (id, action_seq, kind, name, cancel_ids, location, start_ns)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """)
    for start in batch.effectStarts {
      try insertEffect.execute(arguments: [
        start.id, start.actionSeq, start.kind, start.name,
        start.cancelIDs.isEmpty
          ? nil : TraceValue.array(start.cancelIDs.map(TraceValue.string)).jsonText,
        start.location, start.startNanoseconds,
      ])
    }
    let endEffect = try db.cachedStatement(
      sql: """
        UPDATE effects SET end_ns = ?, outcome = ?, reason = ?, error = ?, actions_sent = ?
        WHERE id = ?
        """)
    for end in batch.effectEnds {
      try endEffect.execute(arguments: [
        end.endNanoseconds, end.outcome, end.reason, end.error, end.actionsSent, end.id,
      ])
    }
    let insertScope = RawInsert(
      try db.cachedStatement(
        sql: """
          INSERT INTO scopes (action_seq, path, self_ns, total_ns, calls) VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (action_seq, path) DO UPDATE SET self_ns = self_ns + excluded.self_ns,
            total_ns = total_ns + excluded.total_ns, calls = calls + excluded.calls
          """), in: db)
    for scope in batch.scopes {
      try insertScope.run { row in
        row.int(1, scope.actionSeq)
        row.text(2, scope.path)
        row.int(3, scope.selfNanoseconds)
        row.int(4, scope.totalNanoseconds)
        row.int(5, scope.calls)
      }
    }
    let countNotCaptured = try db.cachedStatement(
      sql: """
        INSERT INTO not_captured (reason, count) VALUES (?, ?)
        ON CONFLICT (reason) DO UPDATE SET count = count + excluded.count
        """)
    for (reason, count) in batch.notCaptured.sorted(by: { $0.key < $1.key }) {
      try countNotCaptured.execute(arguments: [reason, count])
    }
  }

  /// Whether the file at `path` is a tca-replay trace (of any schema version).
  static func isTrace(at path: String) -> Bool {
    var configuration = Configuration()
    configuration.readonly = true
    guard let queue = try? DatabaseQueue(path: path, configuration: configuration) else {
      return false
    }
    let id = try? queue.read { db in try Int32.fetchOne(db, sql: "PRAGMA application_id") }
    return id == TraceSchema.applicationID
  }
}
