import Trace

extension TCAReplay.Effects {
  /// Why a listing with `filter` came back empty, as one line for standard error: the filter
  /// that matches nothing on its own (with the trace's outcomes), or that the two match nothing
  /// together. `nil` without filters: `(no effects)` on standard output says it all.
  ///
  /// ```swift
  /// try Effects.noMatch(filter, in: reader)
  /// // "no effect failed; of the trace's 14 effects, 10 finished, 3 cancelled, 1 running"
  /// ```
  static func noMatch(_ filter: EffectFilter, in reader: TraceReader) throws -> String? {
    guard filter.aliveAt != nil || filter.outcome != nil else { return nil }
    func count(_ outcome: EffectFilter.Outcome?) throws -> Int {
      var alone = EffectFilter()
      alone.outcome = outcome
      var count = 0
      try reader.forEachEffect(matching: alone) { _, _ in count += 1 }
      return count
    }
    if let outcome = filter.outcome, try count(outcome) == 0 {
      let total = try count(nil)
      guard total > 0 else { return "the trace has no effects" }
      let counts = try EffectFilter.Outcome.allCases.compactMap { outcome in
        let count = try count(outcome)
        return count == 0 ? nil : "\(count) \(outcome.rawValue)"
      }
      return "no effect \(Self.phrase(outcome)); of the trace's \(total) "
        + "effect\(total == 1 ? "" : "s"), \(counts.joined(separator: ", "))"
    }
    guard let seq = filter.aliveAt else { return nil }
    guard let outcome = filter.outcome else { return "no effect was alive after #\(seq) ran" }
    var alive = EffectFilter()
    alive.aliveAt = seq
    var any = false
    try reader.forEachEffect(matching: alive) { _, _ in any = true }
    return any
      ? "no effect that was alive after #\(seq) ran \(Self.phrase(outcome))"
      : "no effect was alive after #\(seq) ran"
  }

  /// The outcome as the end of a sentence about an effect: `failed`, `was cancelled`.
  private static func phrase(_ outcome: EffectFilter.Outcome) -> String {
    switch outcome {
    case .finished: "finished"
    case .cancelled: "was cancelled"
    case .failed: "failed"
    case .running: "was still running when the trace ended"
    }
  }
}
