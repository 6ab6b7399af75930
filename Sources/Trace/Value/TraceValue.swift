/// A value as a trace stores it: a tree of plain data that needs none of the app's types, so the
/// reader, the profiler and the command-line tool can show, diff and search it.
///
/// Structs and dictionaries are objects (fields in order), collections are arrays, an enum case is
/// an object with one field named after the case (`{"editor": {…}}`, or `{"none": null}` without a
/// payload), `nil` is null. A value the recorder was told not to capture is ``redacted``.
// NB: Not `indirect`: arrays and objects keep their elements out of line already, and an
// indirect enum boxes every case on the heap, an allocation for each number or string the
// recorder's diff reflects.
public enum TraceValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case int(Int64)
  case double(Double)
  case string(String)
  case array([TraceValue])
  /// Fields in order; keys are unique.
  case object([Field])
  /// A value replaced by the recorder's redaction marker; the original was never written.
  case redacted

  /// One named field of an object.
  public struct Field: Hashable, Sendable {
    public var name: String
    public var value: TraceValue

    public init(_ name: String, _ value: TraceValue) {
      self.name = name
      self.value = value
    }
  }

  /// The value of the field named `name`, for objects.
  public subscript(field name: String) -> TraceValue? {
    guard case let .object(fields) = self else { return nil }
    return fields.first { $0.name == name }?.value
  }
}
