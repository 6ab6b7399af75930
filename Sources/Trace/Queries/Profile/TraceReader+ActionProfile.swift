import GRDB

extension TraceReader {
  /// Counts, peak rates and reducer-time percentiles per case path (or per prefix of `depth`
  /// components, see ``ProfileGrouping/casePrefix(_:depth:)``), most frequent first; with
  /// `histogramEdges`, each group's reducer times counted by bucket (see
  /// ``reducerTimeHistogram(edges:)``). Memory does not grow with the trace.
  public func actionStatistics(depth: Int = 0, histogramEdges: [Int64] = []) throws
    -> [ActionGroupStatistics]
  {
    try self.read { db in
      var groups: [String: ActionGroupStatistics] = [:]
      var members: [String: [String]] = [:]
      // NB: Counts, totals and maxima per case path come from one pass over the name index.
      for row in try Row.fetchAll(
        db,
        sql: """
          SELECT name, count(*), sum(duration_ns), max(duration_ns) FROM actions GROUP BY name
          """)
      {
        let name: String = try row.decode(atIndex: 0)
        let group = ProfileGrouping.casePrefix(name, depth: depth)
        members[group, default: []].append(name)
        var statistics =
          groups[group]
          ?? ActionGroupStatistics(
            name: group, count: 0, peakPerSecond: 0, totalNanoseconds: 0, p50Nanoseconds: 0,
            p95Nanoseconds: 0, p99Nanoseconds: 0, maxNanoseconds: 0)
        statistics.count += try row.decode(Int.self, atIndex: 1)
        statistics.totalNanoseconds = try Self.sum(
          statistics.totalNanoseconds, row.decode(atIndex: 2))
        statistics.maxNanoseconds = max(
          statistics.maxNanoseconds, try row.decode(Int64.self, atIndex: 3))
        groups[group] = statistics
      }
      for (group, names) in members {
        guard var statistics = groups[group] else { continue }
        try Self.rankDurations(
          of: names, in: db, into: &statistics, histogramEdges: histogramEdges)
        let peak = try Self.peakSecond(of: names, in: db)
        statistics.peakPerSecond = peak.count
        statistics.peakStartNanoseconds = peak.start
        groups[group] = statistics
      }
      return groups.values.sorted { ($0.count, $1.name) > ($1.count, $0.name) }
    }
  }

  /// Reads the durations of the actions named `names` in ascending order, as SQLite sorts them,
  /// and keeps those at the nearest ranks ceil(p·n) for p50, p95 and p99, and the histogram.
  ///
  /// NB: The sort happens in SQLite (spilling to disk past its cache); this side only steps
  /// through the sorted integers. One sort per group instead of window functions over every
  /// action, whose extra partition and group-by passes cost three times as much (measured on a
  /// 1,000,000-action trace).
  static func rankDurations(
    of names: [String], in db: Database, into statistics: inout ActionGroupStatistics,
    histogramEdges: [Int64]
  ) throws {
    let n = statistics.count
    let ranks = [50, 95, 99].map { (n * $0 + 99) / 100 }
    var histogram = Array(
      repeating: 0, count: histogramEdges.isEmpty ? 0 : histogramEdges.count + 1)
    var bucket = 0
    let durations = try Int64.fetchCursor(
      db,
      sql: """
        SELECT duration_ns FROM actions WHERE name IN (\(placeholders(names.count)))
        ORDER BY duration_ns
        """, arguments: StatementArguments(names))
    var rank = 0
    while let duration = try durations.next() {
      rank += 1
      if rank == ranks[0] { statistics.p50Nanoseconds = duration }
      if rank == ranks[1] { statistics.p95Nanoseconds = duration }
      if rank == ranks[2] { statistics.p99Nanoseconds = duration }
      if !histogram.isEmpty {
        while bucket < histogramEdges.count, duration >= histogramEdges[bucket] { bucket += 1 }
        histogram[bucket] += 1
      }
    }
    statistics.histogram = histogram
  }

  /// The most actions named `names` that started within one second of each other, and when
  /// that second started: a sliding window over their start times.
  ///
  /// NB: Read in sequence order, which is start order (the store runs reducers one at a time in
  /// the order it received the actions), straight from the name index for one name; the window
  /// holds the starts of the last second only, so memory follows the peak rate, not the trace.
  static func peakSecond(of names: [String], in db: Database) throws -> (count: Int, start: Int64) {
    let starts = try Int64.fetchCursor(
      db,
      sql: """
        SELECT start_ns FROM actions WHERE name IN (\(placeholders(names.count))) ORDER BY seq
        """, arguments: StatementArguments(names))
    var window = TimeWindow()
    var best = (count: 0, start: Int64(0))
    while let start = try starts.next() {
      window.append(start)
      let cutoff = start.subtractingReportingOverflow(1_000_000_000)
      while !cutoff.overflow, let first = window.first, first <= cutoff.partialValue {
        window.removeFirst()
      }
      if window.count > best.count { best = (window.count, window.first ?? start) }
    }
    return best
  }

  static func placeholders(_ count: Int) -> String {
    Array(repeating: "?", count: count).joined(separator: ", ")
  }

  /// The SQL expression an action's group is: its name, or its prefix of `depth` components.
  static func groupExpression(depth: Int) -> String {
    depth > 0 ? "tca_case_prefix(name, \(depth))" : "name"
  }

  /// How many actions, from when to when, and the root reducer's total time; an error for a
  /// damaged trace whose times are negative or beyond ``ImplausibleValue/plausible`` (checked
  /// here, in the one pass over every action, so later arithmetic on times cannot overflow).
  public func actionTotals() throws -> ActionTotals {
    try self.read { db in
      let row = try Row.fetchOne(
        db,
        sql: """
          SELECT count(*), coalesce(min(start_ns), 0), coalesce(max(start_ns), 0),
            coalesce(min(duration_ns), 0), coalesce(max(duration_ns), 0),
            coalesce(max(start_ns + duration_ns), 0), coalesce(sum(duration_ns), 0)
          FROM actions
          """)
      guard let row else {
        return ActionTotals(
          count: 0, firstStartNanoseconds: 0, lastEndNanoseconds: 0, reducerNanoseconds: 0)
      }
      for (index, what) in [
        (1, "a start time"), (2, "a start time"), (3, "a duration"), (4, "a duration"),
      ] {
        _ = try row.plausible(atIndex: index, what)
      }
      return ActionTotals(
        count: try row.decode(atIndex: 0), firstStartNanoseconds: try row.decode(atIndex: 1),
        lastEndNanoseconds: try row.decode(atIndex: 5),
        reducerNanoseconds: try row.decode(atIndex: 6))
    }
  }

  /// The actions of `group` (a case path, or a prefix ending in `.*` for `depth`) in its busiest
  /// second: up to `limit` sequence numbers from the start of that second.
  public func busiestSecond(of group: String, depth: Int = 0, limit: Int = 10) throws -> [Int64] {
    try self.read { db in
      let names = try String.fetchAll(db, sql: "SELECT DISTINCT name FROM actions ORDER BY name")
        .filter { ProfileGrouping.casePrefix($0, depth: depth) == group }
      guard !names.isEmpty else { return [] }
      let start = try Self.peakSecond(of: names, in: db).start
      let end = start.addingReportingOverflow(1_000_000_000)
      return try Int64.fetchAll(
        db,
        sql: """
          SELECT seq FROM actions WHERE name IN (\(Self.placeholders(names.count)))
            AND start_ns >= ? AND start_ns < ?
          ORDER BY seq LIMIT ?
          """,
        arguments: StatementArguments(names) + [
          start, end.overflow ? .max : end.partialValue, limit,
        ])
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
        let seqs: String = try row.decode(String?.self, atIndex: 3) ?? ""
        return SlowActions(
          name: try row.decode(atIndex: 0), count: try row.decode(atIndex: 1),
          maxNanoseconds: try row.decode(atIndex: 2),
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
      ).map {
        (
          try $0.decode(Int64.self, atIndex: 0) * max(1, bucketNanoseconds),
          try $0.decode(atIndex: 1)
        )
      }
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
        counts[try row.decode(Int.self, atIndex: 0)] = try row.decode(atIndex: 1)
      }
      return counts
    }
  }
}
