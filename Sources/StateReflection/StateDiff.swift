import Trace

/// The structural difference between two states of any type, as a trace stores it.
///
/// ```swift
/// let operations = StateDiff.operations(from: before, to: after)
/// // [replace todos[id: 3].isComplete false → true]
/// ```
///
/// Its cost follows what changed: `Equatable` sub-values are compared with `==` before anything
/// is reflected, so an unchanged array that shares storage costs O(1).
public enum StateDiff {
  /// The path-level operations that turn `old` into `new`; paths in `redacting` show the
  /// redaction marker instead of their values.
  public static func operations(
    from old: Any, to new: Any, redacting redactedPaths: Set<String> = []
  ) -> [DiffOperation] {
    StructuralDiff(redactedPaths: redactedPaths).operations(from: old, to: new)
  }

  /// `value` as a trace stores it: a reflected tree of plain data.
  public static func reflect(_ value: Any) -> TraceValue {
    Reflection.value(of: value)
  }
}
