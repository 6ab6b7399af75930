import GRDB

extension TraceReader {
  /// Calls `body` with every action in order, with its scope timings and, with
  /// `countingChangedPaths`, how many state paths it changed; reading row by row, memory stays
  /// flat however long the trace.
  package func forEachActionSlice(
    countingChangedPaths: Bool = false, _ body: (ActionSlice) throws -> Void
  ) throws {
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
      // NB: A third cursor in the same order for the counts; `changed_paths` is keyed by path
      // first, so this one sorts, and only when asked.
      let counts =
        countingChangedPaths
        ? try Row.fetchCursor(
          db, sql: "SELECT seq, count(*) FROM changed_paths GROUP BY seq ORDER BY seq")
        : nil
      var pendingCount: (seq: Int64, count: Int)? = try counts?.next().map {
        (try $0.decode(atIndex: 0), try $0.decode(atIndex: 1))
      }
      while let row = try actions.next() {
        var slice = ActionSlice(
          seq: try row.plausible(atIndex: 0, "a seq"), name: try row.decode(atIndex: 1),
          effectID: try row.plausibleIfPresent(atIndex: 2, "an effect id"),
          startNanoseconds: try row.plausible(atIndex: 3, "a start time"),
          durationNanoseconds: try row.plausible(atIndex: 4, "a duration"), scopes: [])
        while let scope = pending, scope.actionSeq <= slice.seq {
          if scope.actionSeq == slice.seq { slice.scopes.append(scope) }
          pending = try scopes.next().map(Self.scope(from:))
        }
        if countingChangedPaths {
          slice.changedPaths = 0
          while let count = pendingCount, count.seq <= slice.seq {
            if count.seq == slice.seq { slice.changedPaths = count.count }
            pendingCount = try counts?.next().map {
              (try $0.decode(atIndex: 0), try $0.decode(atIndex: 1))
            }
          }
        }
        try Self.callBack { try body(slice) }
      }
    }
  }

  /// Calls `body` with every effect in start order, each followed by the actions it sent back,
  /// reading row by row.
  package func forEachEffectEvent(_ body: (EffectTimelineEvent) throws -> Void) throws {
    let key = Self.effectKey
    try self.read { db in
      let effects = try Row.fetchCursor(
        db,
        sql: """
          SELECT e.id, e.action_seq, \(key), e.kind, e.outcome, e.start_ns, e.end_ns, e.reason,
            coalesce(a.start_ns, e.start_ns), \(self.cancelIDColumn)
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
      func sentAction(_ row: Row) throws -> (start: Int64, id: Int64, seq: Int64, at: Int64) {
        (
          try row.plausible(atIndex: 0, "a start time"), try row.plausible(atIndex: 1, "an id"),
          try row.plausible(atIndex: 2, "a seq"), try row.plausible(atIndex: 3, "a start time")
        )
      }
      var pending = try sent.next().map(sentAction)
      while let row = try effects.next() {
        let span = try Self.effectBar(from: row)
        let stored: String? = try row.decode(atIndex: 7)
        let event = EffectTimelineEvent.effect(
          span, actionStartNanoseconds: try row.plausible(atIndex: 8, "a start time"),
          reason: try stored.map {
            try self.cancellationReason(stored: $0, cancelID: row.decode(atIndex: 9))
          })
        try Self.callBack { try body(event) }
        while let next = pending,
          (next.start, next.id) <= (span.start.nanosecondCount, span.id)
        {
          if next.id == span.id {
            let event = EffectTimelineEvent.sent(
              effectID: span.id, seq: next.seq, startNanoseconds: next.at)
            try Self.callBack { try body(event) }
          }
          pending = try sent.next().map(sentAction)
        }
      }
    }
  }

  static func scope(from row: Row) throws -> ScopeRecord {
    ScopeRecord(
      actionSeq: try row.plausible(atIndex: 0, "a seq"), path: try row.decode(atIndex: 1),
      selfNanoseconds: try row.plausible(atIndex: 2, "a scope time"),
      totalNanoseconds: try row.plausible(atIndex: 3, "a scope time"),
      calls: try row.decode(atIndex: 4))
  }
}
