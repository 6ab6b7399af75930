import Trace

/// Where an action's scopes sit on a timeline, for the exports that draw them (the Chrome trace,
/// OTLP). Scopes are recorded with durations but no start times, so each is laid out from its
/// parent's start (the action's, for a scope directly under it), siblings one after another, and
/// cut to fit inside its parent.
struct ScopeLayout {
  /// One scope placed on the timeline.
  struct Placed {
    let record: ScopeRecord
    /// The last component of the scope's `/`-separated path.
    let name: Substring
    let start: Int64
    let duration: Int64
    /// The position in ``scopes`` of the scope that holds this one; `nil` directly under the
    /// action.
    let parent: Int?
  }

  /// The scopes, every one after the scope that holds it.
  let scopes: [Placed]

  init(_ action: ActionSlice) {
    // NB: Sorted by path components, so every scope follows its parent even when a sibling's
    // name sorts between them as a string ("a", "a b", "a/c").
    let sorted = action.scopes.map { (components: $0.path.split(separator: "/"), record: $0) }
      .sorted { $0.components.lexicographicallyPrecedes($1.components) }
    var placed: [Placed] = []
    var open: [(components: [Substring], position: Int, cursor: Int64, end: Int64)] = []
    var rootCursor = action.startNanoseconds
    let rootEnd = action.startNanoseconds + action.durationNanoseconds
    for scope in sorted {
      while let top = open.last, !scope.components.starts(with: top.components) {
        open.removeLast()
      }
      let start = open.last?.cursor ?? rootCursor
      let limit = open.last?.end ?? rootEnd
      let duration = max(0, min(scope.record.totalNanoseconds, limit - start))
      if open.isEmpty {
        rootCursor = start + duration
      } else {
        open[open.count - 1].cursor += duration
      }
      placed.append(
        Placed(
          record: scope.record, name: scope.components.last ?? "", start: start,
          duration: duration, parent: open.last?.position))
      open.append((Array(scope.components), placed.count - 1, start, start + duration))
    }
    self.scopes = placed
  }
}
