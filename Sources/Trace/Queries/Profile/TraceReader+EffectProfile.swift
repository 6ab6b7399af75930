import GRDB

extension TraceReader {
  /// The SQL key an effect is grouped by: its name, else its location, else its kind.
  static let effectKey = "coalesce(e.name, e.location, e.kind)"

  /// Effects grouped by name, else location, else kind: count, lifetimes, outcomes, cancellation
  /// reasons, actions sent; most frequent first.
  ///
  /// ```swift
  /// try trace.effectGroups().first { $0.name == "search" }?.outcomes[.cancelled]
  /// ```
  package func effectGroups() throws -> [EffectGroupProfile] {
    let key = Self.effectKey
    return try self.read { db in
      var byKey: [String: EffectGroupProfile] = [:]
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
        byKey[k] = EffectGroupProfile(
          name: k, kind: try Self.effectKind(stored: row.decode(atIndex: 1)),
          count: try row.decode(atIndex: 2), lifetimeP50: nil, lifetimeP95: nil, lifetimeMax: nil,
          outcomes: [:], running: try row.decode(atIndex: 3), cancellationReasons: [:],
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
        byKey[k]?.lifetimeP50 = try row.decode(Int64?.self, atIndex: 1).map(Duration.nanoseconds)
        byKey[k]?.lifetimeP95 = try row.decode(Int64?.self, atIndex: 2).map(Duration.nanoseconds)
        byKey[k]?.lifetimeMax = try row.decode(Int64?.self, atIndex: 3).map(Duration.nanoseconds)
      }
      for row in try Row.fetchAll(
        db,
        sql: """
          SELECT \(key) AS k, e.outcome, count(*) FROM effects e WHERE e.outcome IS NOT NULL
          GROUP BY k, e.outcome
          """)
      {
        let k: String = try row.decode(atIndex: 0)
        let outcome = try Self.outcome(stored: row.decode(atIndex: 1))
        byKey[k]?.outcomes[outcome] = try row.decode(atIndex: 2)
      }
      for row in try Row.fetchAll(
        db,
        sql: """
          SELECT \(key) AS k, e.reason, \(self.cancelIDColumn) AS i, count(*)
          FROM effects e WHERE e.outcome = ?
          GROUP BY k, e.reason, i
          """, arguments: [EffectEndRecord.Outcome.Spelling.cancelled.rawValue])
      {
        let k: String = try row.decode(atIndex: 0)
        let reason = try self.cancellationReason(
          stored: row.decode(atIndex: 1), cancelID: row.decode(atIndex: 2))
        let count: Int = try row.decode(atIndex: 3)
        byKey[k]?.cancellationReasons[reason, default: 0] += count
      }
      return order.compactMap { byKey[$0] }
    }
  }

  /// How many effects never ended, and the first `limit` of them in start order.
  package func runningEffects(limit: Int = 100) throws -> (count: Int, first: [LeakedEffect]) {
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
          return LeakedEffect(
            id: start.id, actionSeq: start.actionSeq,
            actionName: try row.decode(forColumn: "action_name"), name: start.name,
            location: start.location, kind: start.kind, cancelIDs: start.cancelIDs,
            start: .nanoseconds(start.startNanoseconds))
        }
      )
    }
  }

  /// The actions whose reducers started the most effects, most first.
  package func effectFanOut(limit: Int = 10) throws -> [FanOut] {
    try self.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT e.action_seq, coalesce(a.name, ''), count(*) AS c FROM effects e
          LEFT JOIN actions a ON a.seq = e.action_seq
          GROUP BY e.action_seq ORDER BY c DESC, e.action_seq LIMIT ?
          """, arguments: [limit]
      ).map {
        FanOut(
          actionSeq: try $0.decode(atIndex: 0), actionName: try $0.decode(atIndex: 1),
          effects: try $0.decode(atIndex: 2))
      }
    }
  }

  /// Every pair of case paths where a `.send` effect returned by the first sent the second and
  /// the second changed the state, most frequent first, with up to `limit` sequence numbers
  /// of sent actions each.
  package func stateChangingSends(limit: Int = 10) throws -> [SentActions] {
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
          """, arguments: [EffectKind.send.rawValue, limit]
      ).map { row in
        SentActions(
          fromName: try row.decode(atIndex: 0), sentName: try row.decode(atIndex: 1),
          count: try row.decode(atIndex: 2), seqs: Self.seqs(try row.decode(atIndex: 3)))
      }
    }
  }

  /// Every case path with actions that did nothing at all (no state change, no effect), most
  /// first, with up to `limit` sequence numbers each.
  package func idleActions(limit: Int = 10) throws -> [IdleActions] {
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
        IdleActions(
          name: try $0.decode(atIndex: 0), count: try $0.decode(atIndex: 1),
          seqs: Self.seqs(try $0.decode(atIndex: 2)))
      }
    }
  }

  /// The `limit` longest-lived effects (never-ended ones counted as living to `end`), in start
  /// order, for a timeline.
  package func longestEffects(limit: Int, end: Duration) throws -> [EffectBar] {
    try self.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT * FROM (
            SELECT e.id, e.action_seq, \(Self.effectKey) AS label, e.kind, e.outcome, e.start_ns,
              e.end_ns
            FROM effects e ORDER BY coalesce(e.end_ns, ?) - e.start_ns DESC, e.id LIMIT ?)
          ORDER BY start_ns, id
          """, arguments: [end.nanosecondCount, limit]
      ).map(Self.effectBar(from:))
    }
  }

  /// An effect's bar from the columns `id, action_seq, label, kind, outcome, start_ns, end_ns`.
  static func effectBar(from row: Row) throws -> EffectBar {
    EffectBar(
      id: try row.plausible(atIndex: 0, "an effect id"),
      actionSeq: try row.plausible(atIndex: 1, "a seq"), name: try row.decode(atIndex: 2),
      kind: try effectKind(stored: row.decode(atIndex: 3)),
      outcome: try row.decode(String?.self, atIndex: 4).map(outcome(stored:)),
      start: .nanoseconds(try row.plausible(atIndex: 5, "a start time")),
      end: try row.plausibleIfPresent(atIndex: 6, "an end time").map(Duration.nanoseconds))
  }
}
