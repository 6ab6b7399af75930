extension TraceReader {
  /// Calls `body` with the first action at or after `from` after which `predicate` holds; with
  /// `all`, with that one and then every later action at which it starts to hold again.
  ///
  /// ```swift
  /// try trace.forEachMatch(of: StatePredicate(parsing: "counter.count > 10")) { match in
  ///   print(match.seq, match.values)
  /// }
  /// ```
  ///
  /// Only the actions that changed a path the predicate reads are examined, through the changes
  /// index (``forEachChange(of:_:)``); no state is rebuilt but the initial one. The predicate is
  /// constant between those actions, so the first match is `from` itself when it already holds
  /// there (the initial state for 0), or else the first of those actions after which it holds.
  public func forEachMatch(
    of predicate: StatePredicate, from: Int64 = 0, all: Bool = false,
    _ body: (PredicateMatch) throws -> Void
  ) throws {
    let paths = predicate.paths
    let initial = try self.state(at: 0)
    var values = paths.map { initial.value(at: $0) }
    let positions = Dictionary(uniqueKeysWithValues: paths.enumerated().map { ($1, $0) })
    func holds() -> Bool { predicate.holds { positions[$0].map { values[$0] } ?? nil } }
    func match(_ seq: Int64, _ name: String?) -> PredicateMatch {
      PredicateMatch(
        seq: seq, actionName: name,
        values: zip(paths, values).map { PredicateMatch.Value(path: $0, value: $1) })
    }
    var held = holds()
    var checkedFrom = false
    // NB: Read before the changes: their body must not read the trace.
    let fromName = from == 0 ? nil : try self.action(from)?.name
    /// Whether the predicate holds at `from`, once every change up to it is applied; `false`
    /// stops.
    func checkFrom() throws -> Bool {
      checkedFrom = true
      guard held, from == 0 || fromName != nil else { return true }
      try body(match(from, fromName))
      return all
    }
    try self.forEachChange(of: paths) { seq, name, changed in
      if !checkedFrom, seq > from, try !checkFrom() { return false }
      for (position, value) in changed { values[position] = value }
      let holdsNow = holds()
      defer { held = holdsNow }
      guard seq > from, holdsNow, !held else { return true }
      try body(match(seq, name))
      return all
    }
    if !checkedFrom { _ = try checkFrom() }
  }

  /// Calls `body` with every action that changed one of `paths`, in seq order, once each, with
  /// the new values of the paths it changed (by position in `paths`), until it returns `false`.
  private func forEachChange(
    of paths: [TracePath],
    _ body: (Int64, String, [(Int, TraceValue?)]) throws -> Bool
  ) throws {
    struct Stop: Error {}
    guard paths.count > 1 else {
      do {
        try self.forEachChange(of: paths[0]) { change in
          guard try body(change.seq, change.actionName, [(0, change.new)]) else { throw Stop() }
        }
      } catch is Stop {}
      return
    }
    // NB: Each path's changes are read whole, then merged: the changes index gives one path at
    // a time, each already in seq order.
    var changes: [[PathChange]] = []
    for path in paths {
      var list: [PathChange] = []
      try self.forEachChange(of: path) { list.append($0) }
      changes.append(list)
    }
    var next = Array(repeating: 0, count: paths.count)
    while true {
      var seq = Int64.max
      var name = ""
      for (position, list) in changes.enumerated() where next[position] < list.count {
        let change = list[next[position]]
        if change.seq < seq { (seq, name) = (change.seq, change.actionName) }
      }
      guard seq != .max else { return }
      var changed: [(Int, TraceValue?)] = []
      for (position, list) in changes.enumerated()
      where next[position] < list.count && list[next[position]].seq == seq {
        changed.append((position, list[next[position]].new))
        next[position] += 1
      }
      guard try body(seq, name, changed) else { return }
    }
  }
}
