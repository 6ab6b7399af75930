import GRDB

extension TraceReader {
  /// The scope ranking: calls, self time and total time per scope path, most self time first,
  /// each with its share of `rootReducerTime` (the root reducer's time over all actions, see
  /// ``actionTotals()``). With `collapsingIDs`, the elements of a `forEach` or a stack group
  /// into one path (`todos/todos[id: *]`).
  ///
  /// ```swift
  /// let totals = try trace.actionTotals()
  /// try trace.scopeProfiles(rootReducerTime: totals.reducerTime).first?.path
  /// ```
  package func scopeProfiles(rootReducerTime: Duration, collapsingIDs: Bool = true) throws
    -> [ScopeProfile]
  {
    let path = collapsingIDs ? "tca_collapse_ids(path)" : "path"
    let root = Double(max(rootReducerTime.nanosecondCount, 1))
    // NB: Summed per stored path first, so the collapsing function runs once per distinct path,
    // not once per row.
    return try self.read { db in
      ProfileGrouping.register(in: db)
      return try Row.fetchAll(
        db,
        sql: """
          SELECT \(path) AS p, sum(c), sum(s), sum(t), min(m) FROM (
            SELECT path, sum(calls) AS c, sum(self_ns) AS s, sum(total_ns) AS t,
              min(min(self_ns, total_ns, calls)) AS m
            FROM scopes GROUP BY path)
          GROUP BY p ORDER BY sum(s) DESC, p
          """
      ).map { row in
        // NB: The smallest time or count of the path's rows, so a damaged trace's negative
        // time is an error rather than a negative share.
        _ = try row.plausible(atIndex: 4, "a scope time or count")
        let total: Int64 = try row.decode(atIndex: 3)
        return ScopeProfile(
          path: try row.decode(atIndex: 0), calls: try row.decode(atIndex: 1),
          selfTime: .nanoseconds(try row.decode(Int64.self, atIndex: 2)),
          total: .nanoseconds(total), shareOfRoot: Double(total) / root)
      }
    }
  }
}
