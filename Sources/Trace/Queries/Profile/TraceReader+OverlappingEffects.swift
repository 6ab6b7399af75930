import GRDB

extension TraceReader {
  /// The `.run` effects that ended without being cancelled, as the overlap queries read them.
  /// NB: A cancelled effect never answered (cancelInFlight cancels the one before), and `ended`
  /// (a trace recorded through TCA's public API) cannot tell a finish from a cancellation, so
  /// neither can race.
  static let answeredRuns = "e.kind = 'run' AND e.outcome IN ('finished', 'failed')"

  /// Every action case whose `.run` effects of one source (name, location and cancel ids) were
  /// alive together and all ended uncancelled, most overlaps first, with up to `limit` sequence
  /// numbers each of the actions that started an effect that overlapped another.
  ///
  /// Two passes keep it cheap: the first reads the effects table alone, without the actions, for
  /// the sources whose effects ever overlapped (usually none); only those are read again with
  /// their actions' case paths.
  ///
  /// ```swift
  /// try trace.overlappingEffects().first?.actionName  // "search.queryChanged"
  /// ```
  package func overlappingEffects(limit: Int = 10) throws -> [OverlappingEffects] {
    try self.read { db in
      let sources = try Row.fetchAll(
        db,
        sql: """
          SELECT DISTINCT name, location, cancel_ids FROM (
            SELECT e.name, e.location, e.cancel_ids, e.start_ns,
              max(e.end_ns) OVER (
                PARTITION BY e.name, e.location, e.cancel_ids ORDER BY e.start_ns, e.id
                ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS busy_until
            FROM effects e WHERE \(Self.answeredRuns))
          WHERE start_ns < busy_until
          ORDER BY name, location, cancel_ids
          """)
      var groups: [OverlappingEffects] = []
      for source in sources {
        let name: String? = try source.decode(atIndex: 0)
        let location: String? = try source.decode(atIndex: 1)
        let storedIDs: String? = try source.decode(atIndex: 2)
        for row in try Row.fetchAll(
          db,
          sql: """
            WITH runs AS (
              SELECT a.name AS action, e.id, e.action_seq AS seq, e.start_ns AS s, e.end_ns AS t,
                e.actions_sent AS sent,
                max(e.end_ns) OVER (
                  PARTITION BY a.name ORDER BY e.start_ns, e.id
                  ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS busy_until,
                lead(e.start_ns) OVER (PARTITION BY a.name ORDER BY e.start_ns, e.id) AS next
              FROM effects e JOIN actions a ON a.seq = e.action_seq
              WHERE \(Self.answeredRuns)
                AND e.name IS ? AND e.location IS ? AND e.cancel_ids IS ?),
            flagged AS (
              SELECT action, id, seq, s, t, sent, coalesce(s < busy_until, 0) AS late,
                coalesce(s < busy_until OR t > next, 0) AS involved
              FROM runs),
            ranked AS (
              SELECT *,
                row_number() OVER (PARTITION BY action, involved ORDER BY s, id) AS rn,
                row_number() OVER (
                  PARTITION BY action, involved, sent > 0 ORDER BY t DESC, id DESC) AS latest
              FROM flagged)
            SELECT action, count(*), sum(late),
              group_concat(CASE WHEN involved AND rn <= ? THEN seq END),
              max(CASE WHEN involved AND sent > 0 AND latest = 1 THEN id END)
            FROM ranked GROUP BY action HAVING sum(late) > 0
            """, arguments: [name, location, storedIDs, limit])
        {
          groups.append(
            OverlappingEffects(
              actionName: try row.decode(atIndex: 0), name: name, location: location,
              cancelIDs: EffectsRow.cancelIDs(stored: storedIDs),
              effects: try row.decode(atIndex: 1), overlaps: try row.decode(atIndex: 2),
              seqs: Self.seqs(try row.decode(atIndex: 3)).sorted(),
              lastToAnswer: try row.decode(atIndex: 4)))
        }
      }
      return groups.sorted {
        ($1.overlaps, $0.actionName, $0.label) < ($0.overlaps, $1.actionName, $1.label)
      }
    }
  }

  /// The sequence numbers of the actions effect `id` sent that changed the state, in order.
  ///
  /// NB: `actions` has no index on the effect; the scan starts at the action that started the
  /// effect and stops once it has seen as many as the effect sent, so it reads about as many
  /// actions as arrived while the effect lived.
  package func stateChangingActions(sentBy id: Int64) throws -> [Int64] {
    try self.read { db in
      guard
        let effect = try Row.fetchOne(
          db, sql: "SELECT action_seq, actions_sent FROM effects WHERE id = ?", arguments: [id])
      else { return [] }
      let start: Int64 = try effect.decode(atIndex: 0)
      let sent: Int64 = try effect.decode(atIndex: 1)
      guard sent > 0 else { return [] }
      return try Row.fetchAll(
        db,
        sql: """
          SELECT seq, state_changed FROM actions WHERE seq > ? AND effect_id = ?
          ORDER BY seq LIMIT ?
          """, arguments: [start, id, sent]
      ).filter { try $0.decode(Bool.self, atIndex: 1) }.map { try $0.decode(atIndex: 0) }
    }
  }
}
