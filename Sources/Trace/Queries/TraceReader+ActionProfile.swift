import GRDB

extension TraceReader {
  /// Counts, peak rates and reducer-time percentiles per case path (or per prefix of `depth`
  /// components, see ``ProfileGrouping/casePrefix(_:depth:)``), most frequent first. Computed in
  /// SQLite with window functions; memory does not grow with the trace.
  public func actionStatistics(depth: Int = 0) throws -> [ActionGroupStatistics] {
    let group = depth > 0 ? "tca_case_prefix(name, \(depth))" : "name"
    // NB: Nearest-rank percentiles: the value at rank ceil(p·n), written (n·p + 99) / 100 in
    // integers because SQLite's math functions are optional at compile time. The peak rate is a
    // sliding window: for every action, how many of its group started in the second from it.
    let sql = """
      WITH grouped AS (SELECT \(group) AS grp, start_ns, duration_ns FROM actions),
      ranked AS (
        SELECT grp, duration_ns AS d,
          row_number() OVER (PARTITION BY grp ORDER BY duration_ns) AS rn,
          count(*) OVER (PARTITION BY grp) AS n,
          count(*) OVER (
            PARTITION BY grp ORDER BY start_ns
            RANGE BETWEEN CURRENT ROW AND 999999999 FOLLOWING) AS w
        FROM grouped
      )
      SELECT grp, n, sum(d), max(d),
        max(CASE WHEN rn = (n * 50 + 99) / 100 THEN d END),
        max(CASE WHEN rn = (n * 95 + 99) / 100 THEN d END),
        max(CASE WHEN rn = (n * 99 + 99) / 100 THEN d END),
        max(w)
      FROM ranked GROUP BY grp ORDER BY n DESC, grp
      """
    return try self.read { db in
      ProfileGrouping.register(in: db)
      return try Row.fetchAll(db, sql: sql).map { row in
        ActionGroupStatistics(
          name: row[0], count: row[1], peakPerSecond: row[7], totalNanoseconds: row[2],
          p50Nanoseconds: row[4], p95Nanoseconds: row[5], p99Nanoseconds: row[6],
          maxNanoseconds: row[3])
      }
    }
  }

  /// How many actions, from when to when, and the root reducer's total time.
  public func actionTotals() throws -> ActionTotals {
    try self.read { db in
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT count(*), coalesce(min(start_ns), 0), coalesce(max(start_ns + duration_ns), 0),
            coalesce(sum(duration_ns), 0)
          FROM actions
          """)
      return ActionTotals(
        count: row?[0] ?? 0, firstStartNanoseconds: row?[1] ?? 0, lastEndNanoseconds: row?[2] ?? 0,
        reducerNanoseconds: row?[3] ?? 0)
    }
  }

  /// The actions of `group` (a case path, or a prefix ending in `.*` for `depth`) in the busiest
  /// one-second window: up to `limit` sequence numbers from its start.
  public func busiestSecond(of group: String, depth: Int = 0, limit: Int = 10) throws -> [Int64] {
    let filter = depth > 0 ? "tca_case_prefix(name, \(depth)) = ?" : "name = ?"
    return try self.read { db in
      ProfileGrouping.register(in: db)
      let start = try Int64.fetchOne(
        db,
        sql: """
          SELECT start_ns FROM (
            SELECT start_ns, count(*) OVER (
              ORDER BY start_ns RANGE BETWEEN CURRENT ROW AND 999999999 FOLLOWING) AS w
            FROM actions WHERE \(filter))
          ORDER BY w DESC, start_ns LIMIT 1
          """, arguments: [group])
      guard let start else { return [] }
      return try Int64.fetchAll(
        db,
        sql: """
          SELECT seq FROM actions WHERE \(filter) AND start_ns >= ? AND start_ns < ?
          ORDER BY start_ns, seq LIMIT ?
          """, arguments: [group, start, start + 1_000_000_000, limit])
    }
  }

  /// The groups of actions whose reducer ran longer than `budgetNanoseconds`, the worst first,
  /// with up to `limit` sequence numbers each.
  public func actions(
    over budgetNanoseconds: Int64, depth: Int = 0, limit: Int = 10
  ) throws -> [SlowActions] {
    let group = depth > 0 ? "tca_case_prefix(name, \(depth))" : "name"
    return try self.read { db in
      ProfileGrouping.register(in: db)
      return try Row.fetchAll(
        db,
        sql: """
          WITH slow AS (
            SELECT \(group) AS grp, seq, duration_ns,
              row_number() OVER (PARTITION BY \(group) ORDER BY duration_ns DESC, seq) AS rn
            FROM actions WHERE duration_ns > ?
          )
          SELECT grp, count(*), max(duration_ns),
            group_concat(CASE WHEN rn <= ? THEN seq END)
          FROM slow GROUP BY grp ORDER BY max(duration_ns) DESC, grp
          """, arguments: [budgetNanoseconds, limit]
      ).map { row in
        let seqs: String = row[3] ?? ""
        return SlowActions(
          name: row[0], count: row[1], maxNanoseconds: row[2],
          seqs: seqs.split(separator: ",").compactMap { Int64($0) })
      }
    }
  }

  /// Actions per bucket of `bucketNanoseconds` from the first action: `(bucket start, count)`
  /// for every bucket that has any.
  public func actionRate(bucketNanoseconds: Int64) throws -> [(start: Int64, count: Int)] {
    try self.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT start_ns / ? AS b, count(*) FROM actions GROUP BY b ORDER BY b
          """, arguments: [max(1, bucketNanoseconds)]
      ).map { ((($0[0] as Int64) * max(1, bucketNanoseconds)), $0[1]) }
    }
  }

  /// How many reducer times fall under each of `edges` (ascending nanoseconds): element `i`
  /// counts durations in `edges[i-1] ..< edges[i]`, the last one those at or over the last edge.
  public func reducerTimeHistogram(edges: [Int64]) throws -> [Int] {
    guard !edges.isEmpty else { return [] }
    let cases = edges.enumerated().map { "WHEN duration_ns < \($0.element) THEN \($0.offset)" }
      .joined(separator: " ")
    return try self.read { db in
      var counts = Array(repeating: 0, count: edges.count + 1)
      for row in try Row.fetchAll(
        db,
        sql: """
          SELECT CASE \(cases) ELSE \(edges.count) END AS b, count(*) FROM actions GROUP BY b
          """)
      {
        counts[row[0]] = row[1]
      }
      return counts
    }
  }
}
