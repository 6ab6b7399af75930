import GRDB

extension TraceReader {
  /// Calls, self time and total time per scope path, most self time first. With
  /// `collapsingIDs`, the elements of a `forEach` or a stack group into one path
  /// (`todos/todos[id: *]`).
  public func scopeStatistics(collapsingIDs: Bool = true) throws -> [ScopeStatistics] {
    let path = collapsingIDs ? "tca_collapse_ids(path)" : "path"
    return try self.read { db in
      ProfileGrouping.register(in: db)
      return try Row.fetchAll(
        db,
        sql: """
          SELECT \(path) AS p, sum(calls), sum(self_ns), sum(total_ns), count(DISTINCT action_seq)
          FROM scopes GROUP BY p ORDER BY sum(self_ns) DESC, p
          """
      ).map { row in
        ScopeStatistics(
          path: row[0], calls: row[1], selfNanoseconds: row[2], totalNanoseconds: row[3],
          actions: row[4])
      }
    }
  }
}
