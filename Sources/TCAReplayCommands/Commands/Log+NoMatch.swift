import Trace

extension TCAReplay.Log {
  /// Why a listing with `filter` came back empty, as one line for standard error: the filter
  /// that matches nothing on its own (with what the trace has instead), or the filters that
  /// match nothing together. `nil` when nothing needs saying (`--limit 0` asked for nothing).
  ///
  /// ```swift
  /// try Log.noMatch(filter, in: reader)
  /// // "no action matches 'nosuch.*'; the trace's action names start with counter., todos."
  /// ```
  static func noMatch(_ filter: ActionFilter, in reader: TraceReader) throws -> String? {
    guard filter.limit != 0 else { return nil }
    guard let bounds = try reader.bounds() else { return "the trace has no actions" }
    func matchesAny(_ change: (inout ActionFilter) -> Void) throws -> Bool {
      var alone = ActionFilter()
      change(&alone)
      alone.limit = 1
      var found = false
      try reader.forEachAction(matching: alone) { _ in found = true }
      return found
    }
    if let pattern = filter.namePattern, try !matchesAny({ $0.namePattern = pattern }) {
      let roots = try reader.actionNameRoots(limit: Self.rootsShown + 1)
      let shown = roots.prefix(Self.rootsShown).joined(separator: ", ")
      return "no action matches '\(pattern)'; the trace's action names start with \(shown)"
        + (roots.count > Self.rootsShown ? ", …" : "")
    }
    if let from = filter.from, from > bounds.upperBound {
      return "no action from #\(from) on; the trace's last action is #\(bounds.upperBound)"
    }
    if let to = filter.to, to < bounds.lowerBound {
      return "no action up to #\(to); the trace's first action is #\(bounds.lowerBound)"
    }
    if filter.from != nil || filter.to != nil,
      try !matchesAny({ ($0.from, $0.to) = (filter.from, filter.to) })
    {
      let from = filter.from ?? bounds.lowerBound
      let to = filter.to ?? bounds.upperBound
      return "no action recorded from #\(from) to #\(to) (the deny-list may have left "
        + (from == to ? "it out)" : "them out)")
    }
    if let origin = filter.origin, try !matchesAny({ $0.origin = origin }) {
      return switch origin {
      case .send: "no action was sent from outside (--origin send); all came from effects"
      case .effect: "no action was sent by an effect (--origin effect); all came from outside"
      case .shared: "no shared value changed outside an action (--origin shared)"
      }
    }
    if filter.changedOnly, try !matchesAny({ $0.changedOnly = true }) {
      return "no action changed the state (--changed-only)"
    }
    var given: [String] = []
    if let from = filter.from { given.append("--from \(from)") }
    if let to = filter.to { given.append("--to \(to)") }
    if let pattern = filter.namePattern { given.append("--name '\(pattern)'") }
    if let origin = filter.origin { given.append("--origin \(origin.rawValue)") }
    if filter.changedOnly { given.append("--changed-only") }
    guard let last = given.popLast() else { return nil }
    return given.isEmpty
      ? "no action matches \(last)"
      : "no action matches \(given.joined(separator: ", ")) and \(last) together"
  }

  /// How many first components of action names a note lists before `…`.
  static let rootsShown = 6
}
