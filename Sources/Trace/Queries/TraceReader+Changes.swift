import GRDB

extension TraceReader {
  /// Calls `body` with every action that changed the value at `path`, in order, with the value
  /// before and after: a change at the path, inside it, or to one of its ancestors (a presented
  /// child replaced, an element inserted or removed) all count, when the value at `path` differs.
  ///
  /// ```swift
  /// try trace.forEachChange(of: TracePath(parsing: "todos[id: 3].isComplete")) { change in
  ///   print(change.seq, change.old, change.new)
  /// }
  /// ```
  ///
  /// It reads the state once, before the first candidate action, then follows the value through
  /// the candidates' diffs only, one row at a time.
  public func forEachChange(of path: TracePath, _ body: (PathChange) throws -> Void) throws {
    let (condition, arguments) = Self.changedPathCondition(for: path)
    var tracked: TraceValue?
    var started = false
    try self.read { db in
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT seq, name, diff FROM actions WHERE seq IN (
            SELECT seq FROM changed_paths WHERE \(condition)
          ) ORDER BY seq
          """,
        arguments: arguments)
      while let row = try rows.next() {
        let seq: Int64 = try row.decode(forColumn: "seq")
        if !started {
          started = true
          tracked = try self.state(at: seq &- 1, in: db).value(at: path)
        }
        guard let diff = try row.decode(String?.self, forColumn: "diff") else { continue }
        let operations: [DiffOperation]
        do {
          operations = try DiffOperation.operations(jsonText: diff)
        } catch {
          throw TraceError.corrupt(
            path: self.path, detail: "action \(seq) whose diff does not decode: \(error)")
        }
        let old = tracked
        for operation in operations { Self.follow(operation, at: path, value: &tracked) }
        if old != tracked {
          try body(PathChange(seq: seq, actionName: try row.decode(forColumn: "name"), old: old, new: tracked))
        }
      }
    }
  }

  /// The `changed_paths` rows of `path`, of paths inside it and of its ancestors.
  static func changedPathCondition(for path: TracePath) -> (String, StatementArguments) {
    let text = path.description
    guard !path.components.isEmpty else { return ("1", []) }
    var ancestors: [String] = []
    for count in 0..<path.components.count {
      ancestors.append(TracePath(Array(path.components.prefix(count))).description)
    }
    // NB: Paths inside `text` continue with "." or "["; each range covers one of them, and
    // nothing else ("/" follows "." and "\" follows "[" in byte order).
    let condition =
      "path = ? OR (path >= ? AND path < ?) OR (path >= ? AND path < ?) OR path IN ("
      + ancestors.map { _ in "?" }.joined(separator: ", ") + ")"
    var arguments: StatementArguments = [text, text + ".", text + "/", text + "[", text + "\\"]
    for ancestor in ancestors { arguments += [ancestor] }
    return (condition, arguments)
  }

  /// Updates `value`, the value at `path`, for one operation of a diff.
  static func follow(_ operation: DiffOperation, at path: TracePath, value: inout TraceValue?) {
    let target = operation.path
    if target.hasPrefix(path) {
      let relative = TracePath(Array(target.components.dropFirst(path.components.count)))
      if relative.components.isEmpty {
        switch operation {
        case let .replace(_, _, new): value = new
        case let .insert(_, inserted): value = inserted
        case .remove: value = nil
        }
        return
      }
      guard var current = value else { return }
      let rebased: DiffOperation =
        switch operation {
        case let .replace(_, old, new): .replace(relative, old: old, new: new)
        case let .insert(_, inserted): .insert(relative, inserted)
        case let .remove(_, old): .remove(relative, old: old)
        }
      // NB: A diff that does not apply to the value it was made from means a corrupt trace;
      // the value stays as it was rather than failing the whole listing.
      if (try? current.apply(rebased)) != nil { value = current }
    } else if path.hasPrefix(target) {
      let rest = TracePath(Array(path.components.dropFirst(target.components.count)))
      switch operation {
      case let .replace(_, _, new): value = new.value(at: rest)
      case let .insert(_, inserted): value = inserted.value(at: rest)
      case .remove: value = nil
      }
    }
  }
}
