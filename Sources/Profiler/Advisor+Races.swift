import Trace

extension Advisor {
  /// One finding per action case and effect source whose effects ran at the same time with none
  /// cancelled, each with the `tca-replay chaos` command that confirms the race.
  ///
  /// NB: The command's `--final` predicate holds the values the last answer's changes left in
  /// the final state, so it holds in the recorded order and can fail in one where an older
  /// answer lands last. Of those changes it keeps the ones that set another value than the
  /// answer before it did: every search answer sets `isSearching` to false, so that one cannot
  /// tell the orders apart. The final state is rebuilt once, and only for a finding whose
  /// effects sent actions.
  func races(in trace: TraceReader) throws -> [Finding] {
    let groups = try trace.overlappingEffects(limit: self.options.evidenceLimit)
    guard !groups.isEmpty else { return [] }
    var finalState: TraceValue?
    return try groups.map { group in
      var final: String?
      if let effect = group.lastToAnswer {
        if finalState == nil { finalState = try trace.state(at: trace.lastSeq()) }
        let before = Dictionary(
          try Self.changes(sentBy: group.answeredBefore, in: trace), uniquingKeysWith: { $1 })
        let telling = try Self.changes(sentBy: effect, in: trace).reversed()
          .filter { path, value in before[path] != value }.map(\.path)
        final = finalState.flatMap { ChaosCommandLine.finalValues(at: telling, in: $0) }
      }
      let race = EffectRace(
        action: group.actionName, name: group.name, location: group.location,
        cancelIDs: group.cancelIDs, effects: group.effects, overlaps: group.overlaps,
        trace: trace.path, final: final)
      let cancellable =
        group.cancelIDs.isEmpty
        ? ".cancellable(id:cancelInFlight:) with cancelInFlight: true"
        : "cancelInFlight: true in its .cancellable(id: \(group.cancelIDs.joined(separator: ", ")))"
      return Finding(
        rule: .overlappingEffects, subject: group.actionName,
        message: "\(group.actionName) started the effect \(race.effect) \(group.effects) "
          + "time\(group.effects == 1 ? "" : "s") without cancelling the one before: "
          + "\(group.overlaps) of them started while an earlier one was still running, and each "
          + "ran to its end, so they answered in whatever order they finished and an older one "
          + "can answer last (a search showing an older query's results). If only the latest "
          + "should answer, give it \(cancellable). To confirm the race, replay the recording "
          + "with the answers in other orders: the tca-replay chaos command given with this "
          + "finding.",
        seqs: group.seqs, race: race)
    }
  }

  /// The paths the actions effect `id` sent changed, with the value each left there, in order.
  static func changes(sentBy id: Int64?, in trace: TraceReader) throws
    -> [(path: TracePath, value: TraceValue)]
  {
    guard let id else { return [] }
    return try trace.stateChangingActions(sentBy: id).flatMap { seq in
      try (trace.action(seq)?.diff ?? []).map { operation in
        switch operation {
        case let .replace(path, _, new): (path, new)
        case let .insert(path, value): (path, value)
        case let .remove(path, _): (path, .null)
        }
      }
    }
  }
}
