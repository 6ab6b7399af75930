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
    var chain = try self.chain(from: setter, path: path, depth: depth)
    try self.followReads(of: &chain, levels: depth == .max ? Self.dataLevels : depth)
    return ValueCause(path: path, value: value, at: at, chain: chain)
  }

  /// How many levels of reads ``cause(of:at:depth:)`` follows when no depth is asked for: a
  /// counter read and set by every action would otherwise lead back through all of them.
  public static let dataLevels = 3

  /// Fills in the reads of every link of `chain`, then of the chains of their setters, breadth
  /// first, `levels` deep; an action already in the answer is not explained again.
  func followReads(of chain: inout [ValueCause.Link], levels: Int) throws {
    var shown = Set(chain.map(\.seq))
    // NB: A level is a list of places in the tree: the chain itself, then each read's chain.
    var level: [[Int]] = [[]]
    var remaining = levels
    while !level.isEmpty, remaining > 0 {
      remaining -= 1
      var next: [[Int]] = []
      for place in level {
        let count = Self.links(at: place, in: chain).count
        for index in 0..<count {
          let link = Self.links(at: place, in: chain)[index]
          guard link.isRecorded, let reads = try self.action(link.seq)?.reads else { continue }
          var filled: [ValueCause.Read] = []
          // NB: Every read's value is in the same state, the one before the link's action.
          let before = reads.isEmpty ? nil : try self.state(at: link.seq - 1)
          for path in reads {
            let value = before?.value(at: path)
            let setter = try self.lastChange(of: path, atOrBefore: link.seq - 1)
            var read = ValueCause.Read(path: path, value: value, setBy: setter)
            if let setter {
              if shown.contains(setter) {
                read.shownElsewhere = true
              } else if remaining > 0 {
                read.chain = try self.chain(from: setter, path: path, depth: .max)
                  .filter { !shown.contains($0.seq) }
                shown.formUnion(read.chain.map(\.seq))
                next.append(place + [index, filled.count])
              }
            }
            filled.append(read)
          }
          Self.update(at: place, in: &chain) {
            $0[index].reads = filled
            $0[index].readsKnown = true
          }
        }
      }
      level = next
    }
  }

  /// The links at `place`: the chain for `[]`, the chain of read `r` of link `l` of the links
  /// at `p` for `p + [l, r]`.
  private static func links(at place: [Int], in chain: [ValueCause.Link]) -> [ValueCause.Link] {
    guard place.count >= 2 else { return chain }
    let parent = Self.links(at: Array(place.dropLast(2)), in: chain)
    return parent[place[place.count - 2]].reads[place[place.count - 1]].chain
  }

  private static func update(
    at place: [Int], in chain: inout [ValueCause.Link], _ body: (inout [ValueCause.Link]) -> Void
  ) {
    guard place.count >= 2 else { return body(&chain) }
    let link = place[place.count - 2]
    let read = place[place.count - 1]
    Self.update(at: Array(place.dropLast(2)), in: &chain) { links in
      body(&links[link].reads[read].chain)
    }
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
