import GRDB

extension TraceReader {
  /// How the trace's action names start: the distinct first components of their case paths,
  /// sorted, each with the `.` that follows it (`counter.`, `todos.`), or a whole name that has
  /// no `.` (`onAppear`); at most `limit`, one index seek each.
  ///
  /// For telling someone whose name pattern matched nothing what the names look like:
  ///
  /// ```swift
  /// try trace.actionNameRoots(limit: 5)  // ["counter.", "items.", "todos."]
  /// ```
  public func actionNameRoots(limit: Int) throws -> [String] {
    try self.read { db in
      var roots: [String] = []
      var next = try String.fetchOne(db, sql: "SELECT min(name) FROM actions")
      while let name = next, roots.count < limit {
        guard let dot = name.firstIndex(of: ".") else {
          if !roots.contains(name) { roots.append(name) }
          next = try String.fetchOne(
            db, sql: "SELECT name FROM actions WHERE name > ? ORDER BY name LIMIT 1",
            arguments: [name])
          continue
        }
        let root = String(name[...dot])
        if !roots.contains(root) { roots.append(root) }
        // NB: Every name that starts with `root` sorts before `root` with its `.` raised to `/`,
        // the next byte: one seek passes them all.
        next = try String.fetchOne(
          db, sql: "SELECT name FROM actions WHERE name >= ? ORDER BY name LIMIT 1",
          arguments: [String(name[..<dot]) + "/"])
      }
      return roots
    }
  }
}
