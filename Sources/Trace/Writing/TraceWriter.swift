import Foundation
import GRDB

/// Writes a trace file: creates it (mode 0600, WAL, the newest schema version), then takes one ``TraceBatch`` per
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
        for step in TraceSchema.steps {
          for statement in step.statements { try db.execute(sql: statement) }
        }
        try db.execute(sql: "PRAGMA application_id = \(TraceSchema.applicationID)")
        try db.execute(sql: "PRAGMA user_version = \(TraceSchema.version)")
        var header = header
        header.schemaVersion = TraceSchema.version
        try HeaderRow(header).insert(db)
      }
    } catch let error as DatabaseError {
      throw TraceError.writeFailed(path: path, detail: error.message ?? "\(error)")
    }
  }

  /// Names the root feature's types in the header, and the way in recording them, once the
  /// recorder knows them.
  public func setRootTypes(
    state: String, action: String, recordedBy: TraceHeader.RecordedBy = .hooks
  ) throws {
    do {
      try self.queue.write { db in
        _ = try HeaderRow.filter(key: 1).updateAll(
          db, HeaderRow.Columns.stateType.set(to: state),
          HeaderRow.Columns.actionType.set(to: action),
          HeaderRow.Columns.recordedBy.set(to: recordedBy.rawValue))
      }
    } catch let error as DatabaseError {
      throw TraceError.writeFailed(path: self.path, detail: error.message ?? "\(error)")
    }
  }

  /// Says in the header why the trace cannot be replayed (`nil`: it can).
  public func setNotReplayable(_ reason: String?) throws {
    do {
      try self.queue.write { db in
        try db.execute(
          sql: "UPDATE header SET not_replayable = ? WHERE id = 1", arguments: [reason])
      }
    } catch let error as DatabaseError {
      throw TraceError.writeFailed(path: self.path, detail: error.message ?? "\(error)")
    }
  }

  /// Lets the file grow by at most `pages` more database pages; a test uses it to make writes
  /// fail as on a full disk.
  @_spi(Testing)
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
        try HeaderRow.filter(key: 1).updateAll(
          db, HeaderRow.Columns.finishedCleanly.set(to: cleanly),
          HeaderRow.Columns.endReason.set(to: reason),
          HeaderRow.Columns.endedNanoseconds.set(to: endNanoseconds))
      }
      try self.queue.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
      }
    } catch let error as DatabaseError {
      throw TraceError.writeFailed(path: self.path, detail: error.message ?? "\(error)")
    }
  }

  private static func insert(_ batch: TraceBatch, into db: Database) throws {
    try RawInsert(ActionRow.insertion, in: db).run(batch.actions) { action, row in
      ActionRow.bind(action, into: row)
    }
    var changedPaths: [(path: String, seq: Int64)] = []
    for action in batch.actions {
      // NB: Most diffs have one operation, and need no set to store a repeated path once.
      if action.diff.count == 1 {
        changedPaths.append((action.diff[0].path.description, action.seq))
        continue
      }
      var written = Set<String>()
      for operation in action.diff {
        let path = operation.path.description
        if written.insert(path).inserted { changedPaths.append((path, action.seq)) }
      }
    }
    try RawInsert(ChangedPathRow.insertion, in: db).run(changedPaths) { changed, row in
      ChangedPathRow.bind(path: changed.path, seq: changed.seq, into: row)
    }
    for keyframe in batch.keyframes {
      try KeyframeRow(keyframe).insert(db, onConflict: .replace)
    }
    for start in batch.effectStarts {
      try EffectsRow(start).insert(db)
    }
    for end in batch.effectEnds {
      // NB: Not a record's `update`, which fails when no row matches: an effect whose start was
      // not captured (over the memory limit) may still end.
      try EffectsRow.filter(key: end.id).updateAll(db, EffectsRow.assignments(ending: end))
    }
    try RawInsert(ScopeRow.insertion, in: db).run(batch.scopes) { scope, row in
      ScopeRow.bind(scope, into: row)
    }
    try ReplayInputRows.insert(batch, into: db)
    for (reason, count) in batch.notCaptured.sorted(by: { $0.key < $1.key }) {
      try NotCapturedRow.add(count, for: reason, in: db)
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
