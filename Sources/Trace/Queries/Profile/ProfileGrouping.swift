import GRDB

/// How the profile's queries group names and paths: case paths cut to a prefix, element ids
/// collapsed. Pure functions, also registered as SQL functions so grouping happens in SQLite.
///
/// ```swift
/// ProfileGrouping.casePrefix("todos.todos.element.checkBoxToggled", depth: 2)  // "todos.todos.*"
/// ProfileGrouping.collapsingIDs("todos/todos[id: 3]")                          // "todos/todos[id: *]"
/// ```
public enum ProfileGrouping {
  /// The first `depth` components of a case path followed by `.*`, or the path itself when it is
  /// not longer than that (or `depth` is 0: no grouping).
  public static func casePrefix(_ name: String, depth: Int) -> String {
    guard depth > 0 else { return name }
    var dots = 0
    for index in name.indices where name[index] == "." {
      dots += 1
      if dots == depth { return String(name[..<index]) + ".*" }
    }
    return name
  }

  /// A state or scope path with what is inside every subscript replaced by `*` (keeping an `id: `
  /// label), so the elements of one collection group together.
  public static func collapsingIDs(_ path: String) -> String {
    guard path.contains("[") else { return path }
    var result = ""
    result.reserveCapacity(path.utf8.count)
    var index = path.startIndex
    while index < path.endIndex {
      let character = path[index]
      guard character == "[" else {
        result.append(character)
        index = path.index(after: index)
        continue
      }
      var inner = path.index(after: index)
      var inQuotes = false
      while inner < path.endIndex {
        let c = path[inner]
        if inQuotes, c == "\\" {
          inner = path.index(after: inner)
          if inner < path.endIndex { inner = path.index(after: inner) }
          continue
        }
        if c == "\"" { inQuotes.toggle() }
        if !inQuotes, c == "]" { break }
        inner = path.index(after: inner)
      }
      let contents = path[path.index(after: index)..<inner]
      result += contents.hasPrefix("id: ") ? "[id: *]" : "[*]"
      index = inner < path.endIndex ? path.index(after: inner) : inner
    }
    return result
  }

  /// Registers the functions above on a connection as `tca_case_prefix(name, depth)` and
  /// `tca_collapse_ids(path)`.
  static func register(in db: Database) {
    db.add(function: casePrefixFunction)
    db.add(function: collapseIDsFunction)
  }

  private static let casePrefixFunction = DatabaseFunction(
    "tca_case_prefix", argumentCount: 2, pure: true
  ) { values in
    guard let name = String.fromDatabaseValue(values[0]) else { return nil }
    return casePrefix(name, depth: Int.fromDatabaseValue(values[1]) ?? 0)
  }

  private static let collapseIDsFunction = DatabaseFunction(
    "tca_collapse_ids", argumentCount: 1, pure: true
  ) { values in
    String.fromDatabaseValue(values[0]).map(collapsingIDs)
  }
}
