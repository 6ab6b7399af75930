import Trace

extension TraceClient {
  /// A client reading `reader`, a bounded number of rows per call.
  ///
  /// ```swift
  /// let client = TraceClient.live(try TraceReader(path: "session.sqlite"))
  /// ```
  public static func live(_ reader: TraceReader) -> Self {
    Self(
      window: { request in try Self.window(request, reader) },
      detail: { seq in
        guard let action = try reader.action(seq) else {
          throw BrowserFailure("no action #\(seq) in the trace")
        }
        return CursorDetail(action: action, state: try reader.state(at: seq))
      },
      search: { text, seq, direction in try reader.action(named: text, from: seq, direction) },
      changes: { path, range in try reader.actions(changing: path, in: range) },
      change: { path, seq, direction in try reader.change(of: path, from: seq, direction) },
      effects: { seq in try reader.effects(aliveAt: seq) },
      scopes: { seq in try reader.scopes(of: seq) },
      cause: { path, seq in try reader.cause(of: path, at: seq) },
      starter: { id in try reader.effectStart(id)?.actionSeq },
      match: { predicate, seq in
        var found: Int64?
        try reader.forEachMatch(of: predicate, from: seq) { found = $0.seq }
        return found
      },
      bounds: { try reader.bounds() }
    )
  }

  private static func window(_ request: WindowRequest, _ reader: TraceReader) throws
    -> ActionWindow
  {
    guard let bounds = try reader.bounds(),
      let cursor = try reader.seq(
        min(max(request.target, bounds.lowerBound), bounds.upperBound), movedBy: request.offset)
    else { return ActionWindow(rows: [], cursor: 0, bounds: nil) }
    let rows = max(request.rows, 1)
    var before = try reader.headlines(
      from: cursor, .backward, limit: min(max(request.row, 0), rows - 1))
    let after = try reader.headlines(from: cursor, .forward, limit: rows - before.count)
    if before.count + after.count < rows, let top = before.last?.seq ?? after.first?.seq {
      // The end of the trace is near: fill the window from above.
      before += try reader.headlines(
        from: top, .backward, limit: rows - before.count - after.count)
    }
    return ActionWindow(rows: before.reversed() + after, cursor: cursor, bounds: bounds)
  }
}
