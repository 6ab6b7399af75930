import Trace

/// A path-level change as a line of `tca-replay diff`, and as its JSON object.
///
/// ```
///   todos[id: 3].isComplete: false → true
/// + todos[id: 4]: {"id":4,"description":"","isComplete":false}
/// - todos[id: 1]: {"id":1,"description":"Milk","isComplete":true}
/// ```
public enum DiffLine {
  /// The most characters a value shows on a line.
  public static let valueLength = 80

  public static func text(_ operation: DiffOperation, style: TextStyle) -> String {
    let path = operation.path.components.isEmpty ? "(root)" : operation.path.description
    switch operation {
    case let .replace(_, old, new):
      return "  \(path): " + style.red(old.oneLine(limit: valueLength)) + " → "
        + style.green(new.oneLine(limit: valueLength))
    case let .insert(_, value):
      return style.green("+ \(path): " + value.oneLine(limit: valueLength))
    case let .remove(_, old):
      return style.red("- \(path): " + old.oneLine(limit: valueLength))
    }
  }

  public static func json(_ operation: DiffOperation) -> TraceValue {
    switch operation {
    case let .replace(path, old, new):
      JSONOutput.object([
        ("op", .string("replace")), ("path", .string(path.description)), ("old", old),
        ("new", new),
      ])
    case let .insert(path, value):
      JSONOutput.object([
        ("op", .string("insert")), ("path", .string(path.description)), ("new", value),
      ])
    case let .remove(path, old):
      JSONOutput.object([
        ("op", .string("remove")), ("path", .string(path.description)), ("old", old),
      ])
    }
  }
}
