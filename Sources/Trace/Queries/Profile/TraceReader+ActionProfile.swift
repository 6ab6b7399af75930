import GRDB

extension TraceReader {
  /// The action ranking: counts, peak rates and reducer-time percentiles per case path (or per
  /// prefix of `depth` components, see ``ProfileGrouping/casePrefix(_:depth:)``), most frequent
  /// first; and, with `histogramEdges` (ascending), every reducer time counted by bucket from the
  /// same pass. Memory does not grow with the trace.
  ///
  /// ```swift
  /// let ranking = try trace.actionProfiles(depth: 1, histogramEdges: [.milliseconds(16)])
  /// ranking.actions.first?.name  // "counter.*"
  /// ranking.histogram.last?.count  // reducer runs of 16 ms or more
  /// ```
  package func actionProfiles(depth: Int = 0, histogramEdges: [Duration] = []) throws
    -> (actions: [ActionProfile], histogram: [HistogramBucket])
  {
    let edges = histogramEdges.map(\.nanosecondCount)
    return try self.read { db in
      var groups: [String: ActionTally] = [:]
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
        var tally = groups[group] ?? ActionTally(name: group)
        tally.count += try row.decode(Int.self, atIndex: 1)
        tally.total = try Self.sum(tally.total, row.decode(atIndex: 2))
        tally.max = Swift.max(tally.max, try row.decode(Int64.self, atIndex: 3))
        groups[group] = tally
      }
      var histogram = Array(repeating: 0, count: edges.isEmpty ? 0 : edges.count + 1)
      for (group, names) in members {
        guard var tally = groups[group] else { continue }
        try Self.rankDurations(of: names, in: db, into: &tally, edges: edges, histogram: &histogram)
        tally.peakPerSecond = try Self.peakSecond(of: names, in: db).count
        groups[group] = tally
      }
      let all = Swift.max(groups.values.reduce(0) { $0 + $1.count }, 1)
      let actions = groups.values.sorted { ($0.count, $1.name) > ($1.count, $0.name) }
        .map { $0.profile(of: all) }
      let buckets = histogram.enumerated().map { index, count in
        HistogramBucket(
          lower: .nanoseconds(index == 0 ? 0 : edges[index - 1]),
          upper: index < edges.count ? .nanoseconds(edges[index]) : nil, count: count)
      }
      return (actions, buckets)
    }
  }

  /// Reads the durations of the actions named `names` in ascending order, as SQLite sorts them,
  /// keeps those at the nearest ranks ceil(p·n) for p50, p95 and p99, and counts each into
  /// `histogram` by `edges`.
  ///
  /// NB: The sort happens in SQLite (spilling to disk past its cache); this side only steps
  /// through the sorted integers. One sort per group instead of window functions over every
  /// action, whose extra partition and group-by passes cost three times as much (measured on a
  /// 1,000,000-action trace).
  static func rankDurations(
    of names: [String], in db: Database, into tally: inout ActionTally, edges: [Int64],
    histogram: inout [Int]
  ) throws {
    let n = tally.count
    let ranks = [50, 95, 99].map { (n * $0 + 99) / 100 }
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
      if rank == ranks[0] { tally.p50 = duration }
      if rank == ranks[1] { tally.p95 = duration }
      if rank == ranks[2] { tally.p99 = duration }
      if !histogram.isEmpty {
        while bucket < edges.count, duration >= edges[bucket] { bucket += 1 }
        histogram[bucket] += 1
      }
    }
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
  package func actionTotals() throws -> ActionTotals {
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
        return ActionTotals(count: 0, firstStart: .zero, lastEnd: .zero, reducerTime: .zero)
      }
      for (index, what) in [
        (1, "a start time"), (2, "a start time"), (3, "a duration"), (4, "a duration"),
      ] {
        _ = try row.plausible(atIndex: index, what)
      }
      return ActionTotals(
        count: try row.decode(atIndex: 0),
        firstStart: .nanoseconds(try row.decode(Int64.self, atIndex: 1)),
        lastEnd: .nanoseconds(try row.decode(Int64.self, atIndex: 5)),
        reducerTime: .nanoseconds(try row.decode(Int64.self, atIndex: 6)))
    }
  }

  /// The actions of `group` (a case path, or a prefix ending in `.*` for `depth`) in its busiest
  /// second: up to `limit` sequence numbers from the start of that second.
  package func busiestSecond(of group: String, depth: Int = 0, limit: Int = 10) throws -> [Int64] {
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

  /// The groups of actions whose reducer ran longer than `budget`, the worst first, with up to
  /// `limit` sequence numbers each.
  package func actions(over budget: Duration, depth: Int = 0, limit: Int = 10) throws
    -> [SlowActions]
  {
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
          """, arguments: [budget.nanosecondCount, limit]
      ).map { row in
        SlowActions(
          name: try row.decode(atIndex: 0), count: try row.decode(atIndex: 1),
          longest: .nanoseconds(try row.decode(Int64.self, atIndex: 2)),
          seqs: Self.seqs(try row.decode(atIndex: 3)))
      }
    }
  }

  /// Actions per `bucket` of time from the start of the recording, for every bucket that has
  /// any, in order.
  package func actionRate(bucket: Duration) throws -> [RatePoint] {
    let width = Swift.max(1, bucket.nanosecondCount)
    return try self.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT start_ns / ? AS b, count(*) FROM actions GROUP BY b ORDER BY b
          """, arguments: [width]
      ).map {
        RatePoint(
          start: .nanoseconds(try $0.decode(Int64.self, atIndex: 0) * width),
          count: try $0.decode(atIndex: 1))
      }
    }
  }

  /// Sequence numbers from SQLite's `group_concat`.
  static func seqs(_ list: String?) -> [Int64] {
    (list ?? "").split(separator: ",").compactMap { Int64($0) }
  }
}

/// What the action ranking adds up per group before it becomes an ``ActionProfile``.
struct ActionTally {
  var name: String
  var count = 0
  var peakPerSecond = 0
  var total: Int64 = 0
  var p50: Int64 = 0
  var p95: Int64 = 0
  var p99: Int64 = 0
  var max: Int64 = 0

  init(name: String) {
    self.name = name
  }

  /// The group's row, its share taken of `all` actions.
  func profile(of all: Int) -> ActionProfile {
    ActionProfile(
      name: name, count: count, share: Double(count) / Double(all),
      peakPerSecond: peakPerSecond, total: .nanoseconds(total),
      mean: .nanoseconds(count == 0 ? 0 : total / Int64(count)), p50: .nanoseconds(p50),
      p95: .nanoseconds(p95), p99: .nanoseconds(p99), max: .nanoseconds(max))
  }
}
