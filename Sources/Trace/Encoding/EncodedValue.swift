import Foundation

/// One value on its way to JSON: a scalar kept inline, or a container being filled.
enum EncodedValue {
  case null
  case bool(Bool)
  case int(Int64)
  case unsigned(UInt64)
  case double(Double)
  case float(Float)
  case string(String)
  /// A number already spelled as JSON (a `Decimal`).
  case number(String)
  case container(ValueEncoder)

  /// Appends the value as JSON.
  func write(into writer: inout JSONWriter) {
    switch self {
    case .null: writer.append("null")
    case let .bool(bool): writer.append(bool ? "true" : "false")
    case let .int(int): writer.write(int)
    case let .unsigned(int): writer.append(text: int.description)
    case let .double(double): writer.append(text: double.description)
    case let .float(float): writer.append(text: float.description)
    case let .string(string): writer.write(string: string)
    case let .number(text): writer.append(text: text)
    case let .container(container): container.write(into: &writer)
    }
  }
}
