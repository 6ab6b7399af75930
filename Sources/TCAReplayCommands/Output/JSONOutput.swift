import Trace

/// JSON output built as a ``TraceValue`` tree (fields keep their order) and written compactly.
///
/// ```swift
/// print(JSONOutput.object([("seq", .int(3)), ("name", .string("todos.addButtonTapped"))]))
/// ```
public enum JSONOutput {
  /// An object with `fields` in order.
  public static func object(_ fields: [(String, TraceValue)]) -> TraceValue {
    .object(fields.map { TraceValue.Field($0.0, $0.1) })
  }

  /// `value` as an int, or null.
  static func int(_ value: Int64?) -> TraceValue { value.map(TraceValue.int) ?? .null }

  /// `value` as a string, or null.
  static func string(_ value: String?) -> TraceValue { value.map(TraceValue.string) ?? .null }
}
