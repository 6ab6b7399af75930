import GRDB

extension TraceReader {
  /// The most paths a suggestion is looked for among, from each state and from the changes
  /// index.
  static let suggestionCandidateLimit = 5_000

  /// `path` as a ``MissingPath`` when the trace never holds a value there — not in the initial
  /// state, not after any action — or `nil` when it does somewhere (a path with no value at one
  /// seq still exists). The suggestion is looked for among the paths of the initial and the last
  /// state and the paths actions changed.
  ///
  /// ```swift
  /// try trace.missingPath(TracePath(parsing: "total"))?.description
  /// // "no such path: total; did you mean totalCents?"
  /// ```
  public func missingPath(_ path: TracePath) throws -> MissingPath? {
    try self.missingPath(among: [path])
  }

  /// The first of `paths` the trace never holds a value at, as a ``MissingPath``; `nil` when it
  /// holds each somewhere.
  public func missingPath(among paths: [TracePath]) throws -> MissingPath? {
    let initial = try self.state(at: 0)
    for path in paths where try !self.holds(path, initial: initial) {
      let states = [initial, try self.state(at: self.lastSeq())]
      let candidates = try self.knownPaths(in: states).map(\.description)
      let suggestion = MissingPath.closest(to: path.description, among: candidates)
      return MissingPath(path: path, suggestion: suggestion.flatMap { try? TracePath(parsing: $0) })
    }
    return nil
  }

  /// Whether the initial state or the state after some action has a value at `path`.
  private func holds(_ path: TracePath, initial: TraceValue) throws -> Bool {
    if initial.value(at: path) != nil { return true }
    struct Found: Error {}
    do {
      try self.forEachChange(of: path) { change in
        if change.new != nil { throw Found() }
      }
    } catch is Found {
      return true
    }
    return false
  }

  /// The paths of `states` (of arrays, their first elements'), then the distinct paths actions
  /// changed, each cut at ``suggestionCandidateLimit``.
  private func knownPaths(in states: [TraceValue]) throws -> [TracePath] {
    var paths: Set<TracePath> = []
    var limit = 0
    func collect(_ value: TraceValue, at path: TracePath) {
      guard paths.count < limit else { return }
      if !path.components.isEmpty { paths.insert(path) }
      switch value {
      case let .object(fields):
        for field in fields { collect(field.value, at: path.appending(.field(field.name))) }
      case let .array(elements):
        for (index, element) in elements.prefix(3).enumerated() {
          collect(element, at: path.appending(.index(index)))
        }
      default: break
      }
    }
    for state in states {
      limit += Self.suggestionCandidateLimit
      collect(state, at: TracePath())
    }
    let changed = try self.read { db in
      // NB: One index seek per distinct path, as the browser's watch does, not a scan of every
      // row.
      var texts: [String] = []
      var next = try String.fetchOne(db, sql: "SELECT min(path) FROM changed_paths")
      while let path = next, texts.count < Self.suggestionCandidateLimit {
        texts.append(path)
        next = try String.fetchOne(
          db, sql: "SELECT min(path) FROM changed_paths WHERE path > ?", arguments: [path])
      }
      return texts
    }
    paths.formUnion(changed.compactMap { try? TracePath(parsing: $0) })
    // NB: Sorted, so that of two candidates as close, the same one is suggested every time.
    return paths.sorted()
  }
}
