import GRDB

extension TraceReader {
  /// Every action's reducer time, by group (its case path, or its prefix of `depth` components,
  /// see ``ProfileGrouping/casePrefix(_:depth:)``), in no particular order: what a profile over
  /// many traces takes its percentiles from.
  ///
  /// NB: Unlike the single trace's ranking, this holds every sample in memory (8 bytes an
  /// action): percentiles over several traces need all their samples at once, and 1,000,000
  /// actions are 8 MB.
  ///
  /// ```swift
  /// let samples = try trace.actionDurations(depth: 0)
  /// samples["counter.incrementButtonTapped"]?.count  // how many taps
  /// ```
  package func actionDurations(depth: Int = 0) throws -> [String: [Int64]] {
    try self.read { db in
      var byName: [String: [Int64]] = [:]
      let rows = try Row.fetchCursor(db, sql: "SELECT name, duration_ns FROM actions")
      while let row = try rows.next() {
        let name: String = try row.decode(atIndex: 0)
        byName[name, default: []].append(try row.plausible(atIndex: 1, "a duration"))
      }
      guard depth > 0 else { return byName }
      var byGroup: [String: [Int64]] = [:]
      for (name, durations) in byName {
        byGroup[ProfileGrouping.casePrefix(name, depth: depth), default: []] += durations
      }
      return byGroup
    }
  }

  /// The lifetimes of every effect that ended, by group (its name, else its location, else its
  /// kind, as ``effectGroups()`` groups them), in no particular order.
  ///
  /// ```swift
  /// try trace.effectLifetimes()["search"]?.max()  // the longest search
  /// ```
  package func effectLifetimes() throws -> [String: [Int64]] {
    try self.read { db in
      var byKey: [String: [Int64]] = [:]
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT \(Self.effectKey), e.end_ns - e.start_ns FROM effects e
          WHERE e.end_ns IS NOT NULL
          """)
      while let row = try rows.next() {
        byKey[try row.decode(String.self, atIndex: 0), default: []].append(
          try row.decode(atIndex: 1))
      }
      return byKey
    }
  }
}
