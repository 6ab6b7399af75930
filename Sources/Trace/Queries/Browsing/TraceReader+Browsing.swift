import GRDB

/// Queries for moving through a trace a screenful at a time: each reads a bounded number of rows
/// through an index, so their cost does not grow with the trace.
extension TraceReader {
  /// The direction of a search from a sequence number.
  public enum SearchDirection: Sendable {
    case forward
    case backward
  }

  /// The first and last sequence numbers, `nil` for a trace with no actions yet.
  public func bounds() throws -> ClosedRange<Int64>? {
    try self.read { db in
      // NB: Two separate aggregates, so SQLite answers each from one end of the primary key.
      guard
        let first = try Int64.fetchOne(db, sql: "SELECT min(seq) FROM actions"),
        let last = try Int64.fetchOne(db, sql: "SELECT max(seq) FROM actions")
      else { return nil }
      return first...max(first, last)
    }
  }

  /// The sequence number `offset` rows from `seq` (negative: before it), clamped to the first
  /// and last actions; `seq` itself need not be recorded. `nil` for a trace with no actions.
  ///
  /// ```swift
  /// try trace.seq(10, movedBy: 1)   // the action after 10, even across a gap left by denied actions
  /// try trace.seq(10, movedBy: -40) // forty rows up, or the first action
  /// ```
  public func seq(_ seq: Int64, movedBy offset: Int) throws -> Int64? {
    try self.read { db in
      let found: Int64? =
        if offset >= 0 {
          try Int64.fetchOne(
            db, sql: "SELECT seq FROM actions WHERE seq >= ? ORDER BY seq LIMIT 1 OFFSET ?",
            arguments: [seq, offset])
            ?? Int64.fetchOne(db, sql: "SELECT max(seq) FROM actions")
        } else {
          try Int64.fetchOne(
            db, sql: "SELECT seq FROM actions WHERE seq <= ? ORDER BY seq DESC LIMIT 1 OFFSET ?",
            arguments: [seq, -offset])
            ?? Int64.fetchOne(db, sql: "SELECT min(seq) FROM actions")
        }
      return found
    }
  }

  /// Up to `limit` actions from `seq` on (`.forward`) or before it, newest first
  /// (`.backward`), as headlines.
  public func headlines(
    from seq: Int64, _ direction: SearchDirection = .forward, limit: Int
  ) throws -> [ActionHeadline] {
    try self.read { db in
      let sql =
        switch direction {
        case .forward:
          """
          SELECT seq, origin, effect_id, name, start_ns, duration_ns, state_changed FROM actions
          WHERE seq >= ? ORDER BY seq LIMIT ?
          """
        case .backward:
          """
          SELECT seq, origin, effect_id, name, start_ns, duration_ns, state_changed FROM actions
          WHERE seq < ? ORDER BY seq DESC LIMIT ?
          """
        }
      // NB: The columns of `ActionRow`, each decoded with a thrown error: a damaged trace is a
      // one-line error, never a trap.
      return try Row.fetchAll(db, sql: sql, arguments: [seq, limit]).map { row in
        let seq: Int64 = try row.decode(forColumn: ActionRow.Columns.seq)
        return ActionHeadline(
          seq: seq, origin: try ActionRow.origin(in: row, seq: seq),
          name: try row.decode(forColumn: ActionRow.Columns.name),
          startNanoseconds: try row.decode(forColumn: ActionRow.Columns.startNanoseconds),
          durationNanoseconds: try row.decode(forColumn: ActionRow.Columns.durationNanoseconds),
          stateChanged: try row.decode(forColumn: ActionRow.Columns.stateChanged))
      }
    }
  }

  /// The next action after `seq` (or the previous one before it) whose name contains `text`,
  /// ignoring case.
  ///
  /// Cost follows the number of distinct action names, not the number of actions: the names are
  /// read by skipping through `actions_by_name`, and each matching name is one index seek.
  public func action(
    named text: String, from seq: Int64, _ direction: SearchDirection
  ) throws -> Int64? {
    let needle = text.lowercased()
    return try self.read { db in
      var best: Int64?
      for name in try Self.distinctNames(db) where name.lowercased().contains(needle) {
        let hit: Int64? =
          switch direction {
          case .forward:
            try Int64.fetchOne(
              db, sql: "SELECT seq FROM actions WHERE name = ? AND seq > ? ORDER BY seq LIMIT 1",
              arguments: [name, seq])
          case .backward:
            try Int64.fetchOne(
              db,
              sql: "SELECT seq FROM actions WHERE name = ? AND seq < ? ORDER BY seq DESC LIMIT 1",
              arguments: [name, seq])
          }
        guard let hit else { continue }
        best =
          switch direction {
          case .forward: min(best ?? hit, hit)
          case .backward: max(best ?? hit, hit)
          }
      }
      return best
    }
  }

  /// The distinct action names, one index seek each (SQLite's `DISTINCT` would read every row).
  private static func distinctNames(_ db: Database) throws -> [String] {
    var names: [String] = []
    var next = try String.fetchOne(db, sql: "SELECT min(name) FROM actions")
    while let name = next {
      names.append(name)
      next = try String.fetchOne(
        db, sql: "SELECT name FROM actions WHERE name > ? ORDER BY name LIMIT 1",
        arguments: [name])
    }
    return names
  }

  /// The actions in `range` that changed the state at `path`: at it, inside it, or by replacing
  /// something that holds it.
  public func actions(changing path: TracePath, in range: ClosedRange<Int64>) throws -> Set<Int64> {
    try self.read { db in
      var seqs: Set<Int64> = []
      for query in try Self.changeQueries(for: path, db) {
        try seqs.formUnion(
          Int64.fetchAll(
            db,
            sql: "SELECT seq FROM changed_paths WHERE \(query.condition) AND seq BETWEEN ? AND ?",
            arguments: query.arguments + [range.lowerBound, range.upperBound]))
      }
      return seqs
    }
  }

  /// The next action after `seq` (or the previous one before it) that changed the state at
  /// `path`, in the sense of ``actions(changing:in:)``.
  public func change(
    of path: TracePath, from seq: Int64, _ direction: SearchDirection
  ) throws -> Int64? {
    try self.read { db in
      var best: Int64?
      for query in try Self.changeQueries(for: path, db) {
        let hit: Int64? =
          switch direction {
          case .forward:
            try Int64.fetchOne(
              db, sql: "SELECT min(seq) FROM changed_paths WHERE \(query.condition) AND seq > ?",
              arguments: query.arguments + [seq])
          case .backward:
            try Int64.fetchOne(
              db, sql: "SELECT max(seq) FROM changed_paths WHERE \(query.condition) AND seq < ?",
              arguments: query.arguments + [seq])
          }
        guard let hit else { continue }
        best =
          switch direction {
          case .forward: min(best ?? hit, hit)
          case .backward: max(best ?? hit, hit)
          }
      }
      return best
    }
  }

  /// The most distinct paths inside a watched path looked up one by one; past it, one range scan.
  static let distinctPathLimit = 256

  /// One condition on `changed_paths.path` with its arguments.
  private struct PathCondition {
    var condition: String
    var arguments: StatementArguments
  }

  /// The conditions that find the changes of `path`: the path itself and each of its ancestors
  /// exactly, and each distinct path inside it (one index seek per path, then per `seq`), or, when
  /// there are many, the ranges that hold them.
  private static func changeQueries(for path: TracePath, _ db: Database) throws -> [PathCondition] {
    var conditions: [PathCondition] = []
    for length in 0...path.components.count {
      let text = TracePath(Array(path.components.prefix(length))).description
      conditions.append(PathCondition(condition: "path = ?", arguments: [text]))
    }
    let prefix = path.description
    // Paths inside `prefix` continue with "." or "["; each range covers one of them and nothing
    // else ("/" follows "." and "\" follows "[" in byte order). Inside the root, everything.
    let ranges: [(String, String)] =
      prefix.isEmpty
      ? [("", "\u{10FFFF}")] : [(prefix + ".", prefix + "/"), (prefix + "[", prefix + "\\")]
    var inside: [String] = []
    for (low, high) in ranges {
      var next = try String.fetchOne(
        db, sql: "SELECT min(path) FROM changed_paths WHERE path > ? AND path < ?",
        arguments: [low, high])
      while let found = next, inside.count <= Self.distinctPathLimit {
        if found != prefix { inside.append(found) }
        next = try String.fetchOne(
          db, sql: "SELECT min(path) FROM changed_paths WHERE path > ? AND path < ?",
          arguments: [found, high])
      }
    }
    if inside.count <= Self.distinctPathLimit {
      conditions += inside.map { PathCondition(condition: "path = ?", arguments: [$0]) }
    } else {
      conditions += ranges.map {
        PathCondition(condition: "path > ? AND path < ?", arguments: [$0.0, $0.1])
      }
    }
    return conditions
  }
}
