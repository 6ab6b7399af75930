import GRDB

extension TraceReader {
  /// Calls `body` with every action in order, with its scope timings, reading row by row: memory
  /// stays flat however long the trace.
  public func forEachActionSlice(_ body: (ActionSlice) throws -> Void) throws {
    try self.read { db in
      let actions = try Row.fetchCursor(
        db,
        sql: """
          SELECT seq, name, effect_id, start_ns, duration_ns FROM actions ORDER BY seq
          """)
      // NB: A second cursor over the scopes in the same order (their primary key), merged with
      // the first, instead of a join that would repeat each action per scope.
      let scopes = try Row.fetchCursor(
        db,
        sql: """
          SELECT action_seq, path, self_ns, total_ns, calls FROM scopes ORDER BY action_seq, path
          """)
      var pending: ScopeRecord? = try scopes.next().map(Self.scope(from:))
      while let row = try actions.next() {
        var slice = ActionSlice(
          seq: row[0], name: row[1], effectID: row[2], startNanoseconds: row[3],
          durationNanoseconds: row[4], scopes: [])
        while let scope = pending, scope.actionSeq <= slice.seq {
          if scope.actionSeq == slice.seq { slice.scopes.append(scope) }
          pending = try scopes.next().map(Self.scope(from:))
        }
        try body(slice)
      }
    }
  }

  /// Calls `body` with every effect in start order, each followed by the actions it sent back,
  /// reading row by row.
  public func forEachEffectEvent(_ body: (EffectTimelineEvent) throws -> Void) throws {
    let key = Self.effectKey
    try self.read { db in
      let effects = try Row.fetchCursor(
        db,
        sql: """
          SELECT e.id, e.action_seq, \(key), e.kind, e.outcome, e.start_ns, e.end_ns, e.reason,
            coalesce(a.start_ns, e.start_ns)
          FROM effects e LEFT JOIN actions a ON a.seq = e.action_seq
          ORDER BY e.start_ns, e.id
          """)
      let sent = try Row.fetchCursor(
        db,
        sql: """
          SELECT e.start_ns, e.id, b.seq, b.start_ns FROM actions b
          JOIN effects e ON e.id = b.effect_id
          WHERE b.origin = 'effect' ORDER BY e.start_ns, e.id, b.seq
          """)
      var pending: (start: Int64, id: Int64, seq: Int64, at: Int64)? = try sent.next().map {
        ($0[0], $0[1], $0[2], $0[3])
      }
      while let row = try effects.next() {
        let span = EffectSpan(
          id: row[0], actionSeq: row[1], label: row[2], kind: row[3], outcome: row[4],
          startNanoseconds: row[5], endNanoseconds: row[6])
        try body(.effect(span, actionStartNanoseconds: row[8], reason: row[7]))
        while let next = pending,
          (next.start, next.id) <= (span.startNanoseconds, span.id)
        {
          if next.id == span.id {
            try body(.sent(effectID: span.id, seq: next.seq, startNanoseconds: next.at))
          }
          pending = try sent.next().map { ($0[0], $0[1], $0[2], $0[3]) }
        }
      }
    }
  }

  static func scope(from row: Row) -> ScopeRecord {
    ScopeRecord(
      actionSeq: row[0], path: row[1], selfNanoseconds: row[2], totalNanoseconds: row[3],
      calls: row[4])
  }
}
