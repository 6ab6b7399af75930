import GRDB

extension TraceReader {
  /// Counts, peak rates and reducer-time percentiles per case path (or per prefix of `depth`
  /// components, see ``ProfileGrouping/casePrefix(_:depth:)``), most frequent first. Computed in
  /// SQLite with window functions; memory does not grow with the trace.
  public func actionStatistics(depth: Int = 0) throws -> [ActionGroupStatistics] {
    let group = Self.groupExpression(depth: depth)
    // NB: Nearest-rank percentiles: the value at rank ceil(p·n), written (n·p + 99) / 100 in
    // integers because SQLite's math functions are optional at compile time. One sort of the
    // actions by group and duration; the peak rates come from a second, cheaper query.
    let sql = """
      WITH ranked AS (
        SELECT \(group) AS grp, duration_ns AS d,
          row_number() OVER (PARTITION BY \(group) ORDER BY duration_ns) AS rn,
          count(*) OVER (PARTITION BY \(group)) AS n
        FROM actions
      )
      SELECT grp, n, sum(d), max(d),
        max(CASE WHEN rn = (n * 50 + 99) / 100 THEN d END),
        max(CASE WHEN rn = (n * 95 + 99) / 100 THEN d END),
        max(CASE WHEN rn = (n * 99 + 99) / 100 THEN d END)
      FROM ranked GROUP BY grp ORDER BY n DESC, grp
      """
    return try self.read { db in
      ProfileGrouping.register(in: db)
      var peaks: [String: Int] = [:]
      for row in try Row.fetchAll(db, sql: Self.peakSQL(group: group, filter: nil)) {
        peaks[row[0]] = row[1]
      }
      return try Row.fetchAll(db, sql: sql).map { row in
        ActionGroupStatistics(
          name: row[0], count: row[1], peakPerSecond: peaks[row[0]] ?? 0,
          totalNanoseconds: row[2], p50Nanoseconds: row[4], p95Nanoseconds: row[5],
          p99Nanoseconds: row[6], maxNanoseconds: row[3])
      }
    }
  }

  /// The SQL expression an action's group is: its name, or its prefix of `depth` components.
  static func groupExpression(depth: Int) -> String {
    depth > 0 ? "tca_case_prefix(name, \(depth))" : "name"
  }

  /// The width of the buckets the peak rate is counted in: a hundredth of a second.
  static let peakBucketNanoseconds: Int64 = 10_000_000

  /// Per group: the most actions in one second, and the bucket that second starts at.
  ///
  /// NB: Actions are counted per 10 ms bucket first, and the one-second windows slide over the
  /// buckets: the windows start on a 10 ms grid, so the peak can be short of the exact sliding
  /// maximum by the actions of 10 ms at most, and the query sorts buckets instead of actions.
  static func peakSQL(group: String, filter: String?) -> String {
    """
    WITH buckets AS (
      SELECT \(group) AS grp, start_ns / \(peakBucketNanoseconds) AS b, count(*) AS c
      FROM actions \(filter.map { "WHERE \($0)" } ?? "") GROUP BY grp, b),
    windows AS (
      SELECT grp, b, sum(c) OVER (
        PARTITION BY grp ORDER BY b
        RANGE BETWEEN CURRENT ROW AND \(1_000_000_000 / peakBucketNanoseconds - 1) FOLLOWING) AS w
      FROM buckets)
    SELECT grp, max(w), b FROM windows GROUP BY grp
    """
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
    let expression = Self.groupExpression(depth: depth)
    let filter = "\(expression) = ?"
    return try self.read { db in
      ProfileGrouping.register(in: db)
      guard
        let row = try Row.fetchOne(
          db, sql: Self.peakSQL(group: expression, filter: filter), arguments: [group])
      else { return [] }
      let start = (row[2] as Int64) * Self.peakBucketNanoseconds
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
    let group = Self.groupExpression(depth: depth)
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
