import GRDB

extension TraceReader {
  /// The SQL key an effect is grouped by: its name, else its location, else its kind.
  static let effectKey = "coalesce(e.name, e.location, e.kind)"

  /// Effects grouped by name or location: count, lifetimes, outcomes, cancellation reasons,
  /// actions sent; most frequent first.
  public func effectStatistics() throws -> [EffectStatistics] {
    let key = Self.effectKey
    let cancelled = EffectSpelling.Outcome.cancelled.stored
    return try self.read { db in
      var byKey: [String: EffectStatistics] = [:]
      var order: [String] = []
      for row in try Row.fetchAll(
        db,
        sql: """
          SELECT \(key) AS k, min(e.kind), count(*), sum(e.outcome IS NULL), sum(e.actions_sent)
          FROM effects e GROUP BY k ORDER BY count(*) DESC, k
          """)
      {
        let k: String = try row.decode(atIndex: 0)
        order.append(k)
        byKey[k] = EffectStatistics(
          key: k, kind: try row.decode(atIndex: 1), count: try row.decode(atIndex: 2),
          lifetimeP50Nanoseconds: nil,
          lifetimeP95Nanoseconds: nil, lifetimeMaxNanoseconds: nil, outcomes: [:],
          cancellationReasons: [:], running: try row.decode(atIndex: 3),
          actionsSent: try row.decode(atIndex: 4))
      }
      for row in try Row.fetchAll(
        db,
        sql: """
          WITH ended AS (
            SELECT \(key) AS k, e.end_ns - e.start_ns AS life FROM effects e
            WHERE e.end_ns IS NOT NULL),
          ranked AS (
            SELECT k, life, row_number() OVER (PARTITION BY k ORDER BY life) AS rn,
              count(*) OVER (PARTITION BY k) AS n
            FROM ended)
          SELECT k, max(CASE WHEN rn = (n * 50 + 99) / 100 THEN life END),
            max(CASE WHEN rn = (n * 95 + 99) / 100 THEN life END), max(life)
          FROM ranked GROUP BY k
          """)
      {
        let k: String = try row.decode(atIndex: 0)
        byKey[k]?.lifetimeP50Nanoseconds = try row.decode(atIndex: 1)
        byKey[k]?.lifetimeP95Nanoseconds = try row.decode(atIndex: 2)
        byKey[k]?.lifetimeMaxNanoseconds = try row.decode(atIndex: 3)
      }
      for row in try Row.fetchAll(
        db,
        sql: """
          SELECT \(key) AS k, e.outcome, count(*) FROM effects e WHERE e.outcome IS NOT NULL
          GROUP BY k, e.outcome
          """)
      {
        let k: String = try row.decode(atIndex: 0)
        let outcome: String = try row.decode(atIndex: 1)
        byKey[k]?.outcomes[outcome] = try row.decode(atIndex: 2)
      }
      for row in try Row.fetchAll(
        db,
        sql: """
          SELECT \(key) AS k, coalesce(e.reason, ''), \(self.cancelIDColumn) AS i, count(*)
          FROM effects e WHERE e.outcome = ?
          GROUP BY k, e.reason, i
          """, arguments: [cancelled])
      {
        let k: String = try row.decode(atIndex: 0)
        let stored: String = try row.decode(atIndex: 1)
        let cancelID: String? = try row.decode(atIndex: 2)
        // NB: Display text, derived from the typed reason whichever version stored it.
        let reason = self.cancellationReasonText(stored: stored, cancelID: cancelID) ?? stored
        let count: Int = try row.decode(atIndex: 3)
        byKey[k]?.cancellationReasons[reason, default: 0] += count
      }
      return order.compactMap { byKey[$0] }
    }
  }

  /// How many effects never ended, and the first `limit` of them in start order.
  public func runningEffects(limit: Int = 100) throws -> (count: Int, first: [RunningEffect]) {
    try self.read { db in
      let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM effects WHERE outcome IS NULL")
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT e.*, coalesce(a.name, '') AS action_name FROM effects e
          LEFT JOIN actions a ON a.seq = e.action_seq
          WHERE e.outcome IS NULL ORDER BY e.id LIMIT ?
          """, arguments: [limit])
      return (
        count ?? 0,
        try rows.map { row in
          let start = try self.effect(from: row).start
          return RunningEffect(
            id: start.id, actionSeq: start.actionSeq,
            actionName: try row.decode(forColumn: "action_name"), kind: start.kind.rawValue,
            name: start.name, location: start.location,
            cancelIDs: start.cancelIDs, startNanoseconds: start.startNanoseconds)
        }
      )
    }
  }

  /// The actions whose reducers started the most effects, most first.
  public func effectFanOut(limit: Int = 10) throws -> [EffectFanOut] {
    try self.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT e.action_seq, coalesce(a.name, ''), count(*) AS c FROM effects e
          LEFT JOIN actions a ON a.seq = e.action_seq
          GROUP BY e.action_seq ORDER BY c DESC, e.action_seq LIMIT ?
          """, arguments: [limit]
      ).map {
        EffectFanOut(
          actionSeq: try $0.decode(atIndex: 0), actionName: try $0.decode(atIndex: 1),
          effects: try $0.decode(atIndex: 2))
      }
    }
  }

  /// `.send` effects whose action, not a delegate action, changed state in the feature whose
  /// action returned the `.send` (see ``ProfileGrouping/feature(ofAction:)``), by pair of case
  /// paths.
  public func sharedLogicSends(limit: Int = 10) throws -> [SharedLogicSend] {
    try self.read { db in
      try Row.fetchAll(
        db,
        sql: """
          WITH sent AS (
            SELECT a.name AS from_name, b.name AS sent_name, b.seq,
              row_number() OVER (PARTITION BY a.name, b.name ORDER BY b.seq) AS rn
            FROM actions b JOIN effects e ON e.id = b.effect_id
            JOIN actions a ON a.seq = e.action_seq
            WHERE b.origin = 'effect' AND b.state_changed = 1 AND e.kind = ?)
          SELECT from_name, sent_name, count(*), group_concat(CASE WHEN rn <= ? THEN seq END)
          FROM sent GROUP BY from_name, sent_name ORDER BY count(*) DESC, from_name, sent_name
          """, arguments: [EffectSpelling.Kind.send.stored, limit]
      ).map { row in
        SharedLogicSend(
          fromName: try row.decode(atIndex: 0), sentName: try row.decode(atIndex: 1),
          count: try row.decode(atIndex: 2), seqs: Self.seqs(try row.decode(atIndex: 3)))
      }.filter {
        !ProfileGrouping.isDelegate($0.sentName)
          && ProfileGrouping.feature(ofAction: $0.fromName)
            == ProfileGrouping.feature(ofAction: $0.sentName)
      }
    }
  }

  /// Actions addressed to a child (`presented`, `element`) that did nothing at all: no state
  /// change and no effect. That is what an action looks like when its child's state was gone.
  public func orphanedChildActions(limit: Int = 10) throws -> [OrphanedChildActions] {
    try self.read { db in
      try Row.fetchAll(
        db,
        sql: """
          WITH idle AS (
            SELECT a.name, a.seq, row_number() OVER (PARTITION BY a.name ORDER BY a.seq) AS rn
            FROM actions a
            WHERE a.state_changed = 0
              AND NOT EXISTS (SELECT 1 FROM effects e WHERE e.action_seq = a.seq))
          SELECT name, count(*), group_concat(CASE WHEN rn <= ? THEN seq END) FROM idle
          GROUP BY name ORDER BY count(*) DESC, name
          """, arguments: [limit]
      ).map {
        OrphanedChildActions(
          name: try $0.decode(atIndex: 0), count: try $0.decode(atIndex: 1),
          seqs: Self.seqs(try $0.decode(atIndex: 2)))
      }
      .filter { ProfileGrouping.addressesChild($0.name) }
    }
  }

  /// The `limit` longest-lived effects (never-ended ones first, as living to `endNanoseconds`),
  /// in start order, for a timeline.
  public func longestEffects(limit: Int, endNanoseconds: Int64) throws -> [EffectSpan] {
    try self.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT * FROM (
            SELECT e.id, e.action_seq, \(Self.effectKey) AS label, e.kind, e.outcome, e.start_ns,
              e.end_ns
            FROM effects e ORDER BY coalesce(e.end_ns, ?) - e.start_ns DESC, e.id LIMIT ?)
          ORDER BY start_ns, id
          """, arguments: [endNanoseconds, limit]
      ).map(Self.effectSpan(from:))
    }
  }

  static func seqs(_ list: String?) -> [Int64] {
    (list ?? "").split(separator: ",").compactMap { Int64($0) }
  }
}
