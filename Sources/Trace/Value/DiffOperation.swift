/// One path-level change between two states: the unit of a trace's structural diffs.
///
/// ```
/// replace todos[id: 3].isComplete false → true
/// insert  todos[id: 4] {"id": 4, "description": "", "isComplete": false}
/// remove  todos[id: 1] {…}
/// ```
public enum DiffOperation: Hashable, Sendable, CustomStringConvertible {
  /// The value at `path` changed from `old` to `new`.
  case replace(TracePath, old: TraceValue, new: TraceValue)
  /// A new element or field appeared at `path` (the last component names it).
  case insert(TracePath, TraceValue)
  /// The element or field at `path` went away; `old` is what it was.
  case remove(TracePath, old: TraceValue)

  /// Where the change happened.
  public var path: TracePath {
    switch self {
    case let .replace(path, _, _), let .insert(path, _), let .remove(path, _): path
    }
  }
}
