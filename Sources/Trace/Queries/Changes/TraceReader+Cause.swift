import GRDB

extension TraceReader {
  /// Why the value at `path` is what it is after action `at`: the last action at or before it
  /// that changed the value (at the path, inside it, or by replacing something that holds it),
  /// then the action that started the effect that sent it, and so on back to an action sent from
  /// outside, at most `depth` links.
  ///
  /// ```swift
  /// let cause = try trace.cause(of: TracePath(parsing: "counter.count"), at: 57)
  /// ```
  ///
  /// - Returns: `nil` when `path` leads to no value after `at`.
  public func cause(of path: TracePath, at: Int64, depth: Int = .max) throws -> ValueCause? {
    guard let value = try self.state(at: at).value(at: path) else { return nil }
    guard let setter = try self.lastChange(of: path, atOrBefore: at) else {
      return ValueCause(path: path, value: value, at: at, chain: [])
    }
    return ValueCause(
      path: path, value: value, at: at,
      chain: try self.chain(from: setter, path: path, depth: depth))
  }

  /// Every action at or before `at` that changed the value at `path`, oldest first, each with
  /// its chain of causes (at most `depth` links).
  public func causes(of path: TracePath, at: Int64, depth: Int = .max) throws -> [ValueCause] {
    var changes: [PathChange] = []
    try self.forEachChange(of: path) { change in
      if change.seq <= at { changes.append(change) }
    }
    // NB: A change that removed the value says so with `null`.
    return try changes.map { change in
      ValueCause(
        path: path, value: change.new ?? .null, at: change.seq,
        chain: try self.chain(from: change.seq, path: path, depth: depth))
    }
  }

  /// The last action at or before `seq` after which the value at `path` differs from before it.
  ///
  /// NB: The candidates are those of ``forEachChange(of:_:)``: a row at the path, inside it, at
  /// an ancestor, or at a position of an array the path names an element of by id; each is
  /// checked against the states around it, latest first.
  func lastChange(of path: TracePath, atOrBefore seq: Int64) throws -> Int64? {
    var before = seq + 1
    while let candidate = try self.lastCandidate(of: path, before: before) {
      if try self.changeAt(candidate, of: path) != nil { return candidate }
      before = candidate
    }
    return nil
  }

  /// The last action before `seq` with a `changed_paths` row that may change the value at
  /// `path`.
  private func lastCandidate(of path: TracePath, before seq: Int64) throws -> Int64? {
    try self.read { db in
      var best: Int64?
      for (condition, arguments) in Self.changedPathConditions(for: path) {
        let hit = try Int64.fetchOne(
          db, sql: "SELECT max(seq) FROM changed_paths WHERE (\(condition)) AND seq < ?",
          arguments: arguments + [seq])
        if let hit { best = max(best ?? hit, hit) }
      }
      return best
    }
  }

  /// The value at `path` before and after action `seq`, when it differs.
  private func changeAt(_ seq: Int64, of path: TracePath) throws -> ValueCause.Change? {
    let old = try self.state(at: seq - 1).value(at: path)
    let new = try self.state(at: seq).value(at: path)
    return old == new ? nil : ValueCause.Change(old: old, new: new)
  }

  /// The action `seq`, then the action that started the effect that sent it, and so on.
  private func chain(from seq: Int64, path: TracePath, depth: Int) throws -> [ValueCause.Link] {
    var links: [ValueCause.Link] = []
    var next: Int64? = seq
    while let current = next, links.count < depth {
      guard let action = try self.action(current) else {
        let link = try self.deniedLink(current)
        links.append(link)
        next = nil
        if case let .effect(id) = link.origin, link.effect != nil {
          next = try self.effectStart(id)?.actionSeq
        }
        continue
      }
      var effect: EffectStartRecord?
      next = nil
      if case let .effect(id) = action.origin {
        effect = try self.effectStart(id)
        next = effect?.actionSeq
      }
      links.append(
        ValueCause.Link(
          seq: action.seq, name: action.name, origin: action.origin,
          startNanoseconds: action.startNanoseconds, effect: effect,
          change: try self.changeAt(action.seq, of: path), site: action.site))
    }
    return links
  }

  /// The link of action `seq`, which the trace does not hold: one the deny-list left out. Its
  /// origin is known when the trace kept denied inputs for replay; otherwise the chain ends
  /// there.
  private func deniedLink(_ seq: Int64) throws -> ValueCause.Link {
    let denied = try self.notCaptured().keys.contains {
      if case .deniedAction = $0 { true } else { false }
    }
    guard denied else {
      throw TraceError.corrupt(
        path: self.path, detail: "a cause chain that names action \(seq), which is not stored")
    }
    let row: Row? =
      self.header.schemaVersion >= 3
      ? try self.read { db in
        try Row.fetchOne(
          db, sql: "SELECT origin, effect_id, start_ns FROM denied_inputs WHERE seq = ?",
          arguments: [seq])
      } : nil
    guard let row else {
      return ValueCause.Link(
        seq: seq, name: "", origin: .send, startNanoseconds: 0, effect: nil, change: nil,
        isRecorded: false, isOriginKnown: false)
    }
    let origin: ActionRecord.Origin =
      (row["origin"] as String) == "send" ? .send : .effect(row["effect_id"] ?? 0)
    var effect: EffectStartRecord?
    if case let .effect(id) = origin { effect = try self.effectStart(id) }
    return ValueCause.Link(
      seq: seq, name: "", origin: origin, startNanoseconds: row["start_ns"], effect: effect,
      change: nil, isRecorded: false)
  }

  /// How effect `id` started; `nil` when the trace has no such effect.
  ///
  /// ```swift
  /// let starter = try trace.effectStart(4)?.actionSeq  // the action that started effect #4
  /// ```
  public func effectStart(_ id: Int64) throws -> EffectStartRecord? {
    try self.read { db in
      try Row.fetchOne(db, sql: "SELECT * FROM effects WHERE id = ?", arguments: [id])
    }.map { try self.effect(from: $0).start }
  }
}
