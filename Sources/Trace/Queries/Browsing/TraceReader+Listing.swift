import GRDB

extension TraceReader {
  /// Calls `body` with each action that `filter` lets through, in order, reading one row at a
  /// time: a listing of a 1,000,000-action trace holds one action in memory, not all of them.
  ///
  /// ```swift
  /// try trace.forEachAction(matching: filter) { action in print(action.seq, action.name) }
  /// ```
  public func forEachAction(
    matching filter: ActionFilter, _ body: (ActionRecord) throws -> Void
  ) throws {
    var conditions: [String] = []
    var arguments: StatementArguments = []
    if let from = filter.from {
      conditions.append("seq >= ?")
      arguments += [from]
    }
    if let to = filter.to {
      conditions.append("seq <= ?")
      arguments += [to]
    }
    if let pattern = filter.namePattern {
      conditions.append("name GLOB ?")
      arguments += [pattern]
    }
    if let origin = filter.origin {
      conditions.append("origin = ?")
      arguments += [origin.rawValue]
    }
    if filter.changedOnly { conditions.append("state_changed = 1") }
    var sql = "SELECT * FROM actions"
    if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
    sql += " ORDER BY seq"
    if let limit = filter.limit {
      sql += " LIMIT ?"
      arguments += [limit]
    }
    try self.read { db in
      let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
      while let row = try rows.next() { try body(try self.action(from: row)) }
    }
  }

  /// How many keyframes the trace holds.
  public func keyframeCount() throws -> Int {
    try self.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM keyframes") ?? 0 }
  }

  /// How many effects started, and how many of them never ended.
  public func effectSummary() throws -> (count: Int, running: Int) {
    try self.read { db in
      let row = try Row.fetchOne(
        db, sql: "SELECT count(*), count(*) - count(outcome) FROM effects")
      return (try row?.decode(atIndex: 0) ?? 0, try row?.decode(atIndex: 1) ?? 0)
    }
  }

  /// The time the last recorded event happened, in nanoseconds since the recording started: the
  /// end of the last action or effect.
  public func lastEventNanoseconds() throws -> Int64 {
    try self.read { db in
      let actions =
        try Int64.fetchOne(
          db, sql: "SELECT start_ns + duration_ns FROM actions ORDER BY seq DESC LIMIT 1") ?? 0
      let effects = try Int64.fetchOne(db, sql: "SELECT max(end_ns) FROM effects") ?? 0
      return max(actions, effects)
    }
  }
}

extension TraceReader {
  /// The last action's sequence number, or 0 for a trace with no actions.
  public func lastSeq() throws -> Int64 {
    try self.read { db in try Int64.fetchOne(db, sql: "SELECT max(seq) FROM actions") ?? 0 }
  }
}
