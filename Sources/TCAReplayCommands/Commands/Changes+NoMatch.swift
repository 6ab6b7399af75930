import Trace

extension TCAReplay.Changes {
  /// Why no action changed `path`, as one line for standard error, when the likely reason is a
  /// mistake: the path names no value in the initial state nor after the last action (a typo,
  /// a field that does not exist). `nil` when it names a value that simply never changed.
  ///
  /// ```swift
  /// try Changes.noMatch(TracePath(parsing: "counter.cout"), text: "counter.cout", in: reader)
  /// // "counter.cout names no value in the initial state or after the last action (#45);
  /// //  the state's top-level fields: counter, todos, items"
  /// ```
  static func noMatch(_ path: TracePath, text: String, in reader: TraceReader) throws -> String? {
    let last = try reader.lastSeq()
    let initial = try reader.state(at: 0)
    let final = try reader.state(at: last)
    guard initial.value(at: path) == nil, final.value(at: path) == nil else { return nil }
    return "\(text) names no value in the initial state or after the last action (#\(last)); "
      + "the state's top-level fields: \(TCAReplay.Show.fieldNames(of: final))"
  }
}
