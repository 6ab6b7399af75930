import GRDB

extension TraceReader {
  /// Calls `body` with each effect that `filter` lets through, in start order, one row at a time,
  /// with the case path of the action that started it.
  ///
  /// ```swift
  /// try trace.forEachEffect(matching: EffectFilter()) { effect, actionName in
  ///   print(effect.start.kind, actionName ?? "?")
  /// }
  /// ```
  public func forEachEffect(
    matching filter: EffectFilter, _ body: (EffectRow, String?) throws -> Void
  ) throws {
    try self.read { db in
      var conditions: [String] = []
      var arguments: StatementArguments = []
      if let seq = filter.aliveAt {
        let end =
          try Int64.fetchOne(
            db,
            sql: "SELECT start_ns + duration_ns FROM actions WHERE seq <= ? ORDER BY seq DESC",
            arguments: [seq]) ?? 0
        conditions.append(
          "effects.action_seq <= ? AND (effects.end_ns IS NULL OR effects.end_ns > ?)")
        arguments += [seq, end]
      }
      switch filter.outcome {
      case nil: break
      case .running: conditions.append("effects.outcome IS NULL")
      case let outcome?:
        conditions.append("effects.outcome = ?")
        arguments += [outcome.rawValue]
      }
      var sql = """
        SELECT effects.*, actions.name AS action_name FROM effects
        LEFT JOIN actions ON actions.seq = effects.action_seq
        """
      if !conditions.isEmpty { sql += " WHERE " + conditions.joined(separator: " AND ") }
      sql += " ORDER BY effects.id"
      let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
      while let row = try rows.next() {
        try body(self.effect(from: row), row.decode(forColumn: "action_name"))
      }
    }
  }
}
