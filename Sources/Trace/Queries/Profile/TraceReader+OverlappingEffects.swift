import GRDB

extension TraceReader {
  /// The `.run` effects that ended without being cancelled, as the overlap queries read them.
  /// NB: A cancelled effect never answered (cancelInFlight cancels the one before), and `ended`
  /// (a trace recorded through TCA's public API) cannot tell a finish from a cancellation, so
  /// neither can race.
  static let answeredRuns = "e.kind = 'run' AND e.outcome IN ('finished', 'failed')"

  /// Every action case whose `.run` effects of one source (name, location and cancel ids) were
  /// alive together and all ended uncancelled, most overlaps first, with up to `limit` sequence
  /// numbers each of the actions that started effects that overlapped.
  ///
  /// One pass over the effects in id order, each joined to its action by the primary key: no
  /// sort, no window, and memory for one tally per action case and source.
  ///
  /// NB: Ids are given in start order (the runtime numbers an effect as it starts it, on the
  /// store's actor), so an effect overlaps an earlier one exactly when it started before the
  /// latest end among the earlier ones.
  ///
  /// ```swift
  /// try trace.overlappingEffects().first?.actionName  // "search.queryChanged"
  /// ```
  package func overlappingEffects(limit: Int = 10) throws -> [OverlappingEffects] {
    try self.read { db in
      var tallies: [OverlapTally.Key: OverlapTally] = [:]
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT a.name, e.name, e.location, e.cancel_ids, e.id, e.action_seq, e.start_ns,
            e.end_ns, e.actions_sent
          FROM effects e JOIN actions a ON a.seq = e.action_seq
          WHERE \(Self.answeredRuns) ORDER BY e.id
          """)
      while let row = try rows.next() {
        let key = OverlapTally.Key(
          action: try row.decode(atIndex: 0), name: try row.decode(atIndex: 1),
          location: try row.decode(atIndex: 2), cancelIDs: try row.decode(atIndex: 3))
        let effect = OverlapTally.Effect(
          id: try row.decode(atIndex: 4), seq: try row.decode(atIndex: 5),
          start: try row.decode(atIndex: 6), end: try row.decode(atIndex: 7),
          sent: try row.decode(atIndex: 8))
        tallies[key, default: OverlapTally()].add(effect, limit: limit)
      }
      return tallies.filter { $0.value.overlaps > 0 }.map { key, tally in
        OverlappingEffects(
          actionName: key.action, name: key.name, location: key.location,
          cancelIDs: EffectsRow.cancelIDs(stored: key.cancelIDs), effects: tally.effects,
          overlaps: tally.overlaps, seqs: tally.seqs.sorted(),
          lastToAnswer: tally.lastToAnswer?.id, answeredBefore: tally.answeredBefore?.id)
      }.sorted {
        ($1.overlaps, $0.actionName, $0.label, $0.cancelIDs.description)
          < ($0.overlaps, $1.actionName, $1.label, $1.cancelIDs.description)
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

/// What ``TraceReader/overlappingEffects(limit:)`` keeps of the effects of one action case and
/// source, seen in start order.
private struct OverlapTally {
  /// An action case and an effect source, as stored.
  struct Key: Hashable {
    var action: String
    var name: String?
    var location: String?
    var cancelIDs: String?
  }

  /// One effect that ended uncancelled.
  struct Effect {
    var id: Int64
    var seq: Int64
    var start: Int64
    var end: Int64
    var sent: Int64
  }

  var effects = 0
  var overlaps = 0
  /// The effect with the latest end so far.
  var latest: Effect?
  /// The actions that started effects that overlapped, at most the limit.
  var seqs: [Int64] = []
  /// Of the effects that overlapped and sent actions, the one that ended last.
  var lastToAnswer: Effect?
  /// Of those, the one that ended just before `lastToAnswer`.
  var answeredBefore: Effect?

  mutating func add(_ effect: Effect, limit: Int) {
    self.effects += 1
    if let latest = self.latest, effect.start < latest.end {
      self.overlaps += 1
      self.note(latest, limit: limit)
      self.note(effect, limit: limit)
    }
    if self.latest.map({ effect.end > $0.end }) ?? true { self.latest = effect }
  }

  /// Notes `effect` as one that overlapped another.
  private mutating func note(_ effect: Effect, limit: Int) {
    if self.seqs.count < limit && !self.seqs.contains(effect.seq) { self.seqs.append(effect.seq) }
    guard effect.sent > 0, effect.id != self.lastToAnswer?.id,
      effect.id != self.answeredBefore?.id
    else { return }
    func later(_ a: Effect, than b: Effect?) -> Bool {
      b.map { (a.end, a.id) > ($0.end, $0.id) } ?? true
    }
    if later(effect, than: self.lastToAnswer) {
      self.answeredBefore = self.lastToAnswer
      self.lastToAnswer = effect
    } else if later(effect, than: self.answeredBefore) {
      self.answeredBefore = effect
    }
  }
}
