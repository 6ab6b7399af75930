import Foundation
import Trace

/// Turns live values into ``TraceValue`` trees by reflection: no `Codable` needed.
///
/// Structs, classes and tuples become objects, enum cases objects with one field named after the
/// case, collections arrays, dictionaries objects keyed by the key's description. Common value
/// types read as themselves (`UUID` and `URL` as strings, `Date` as ISO 8601). Property-wrapper
/// storage such as `@Presents`' `_destination` is named after the property (`destination`).
package enum Reflection {
  package static func value(of subject: Any, depth: Int = 0) -> TraceValue {
    guard depth < 64 else { return .string("…") }
    if let primitive = primitive(subject) { return primitive }
    let mirror = Mirror(reflecting: subject)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first?.value else { return .null }
      return value(of: wrapped, depth: depth + 1)
    case .enum:
      return .object([.init(caseName(of: subject, mirror), payload(of: mirror, depth: depth))])
    case .collection:
      return .array(mirror.children.map { value(of: $0.value, depth: depth + 1) })
    case .set:
      return .array(
        mirror.children.map { value(of: $0.value, depth: depth + 1) }
          .sorted { $0.jsonText < $1.jsonText })
    case .dictionary:
      return .object(keyedChildren(of: mirror, depth: depth))
    default:
      // A value with no shape to reflect (a closure, an opaque type) reads as its description.
      if mirror.displayStyle == nil, mirror.children.isEmpty {
        return .string(String(describing: subject))
      }
      return .object(
        mirror.children.enumerated().map { index, child in
          .init(
            fieldName(
              child.label, index: index, value: child.value, owner: mirror.subjectType),
            value(of: child.value, depth: depth + 1))
        })
    }
  }

  /// The name of the case an enum value is in, from the enum's metadata.
  package static func caseName(of subject: Any, _ mirror: Mirror) -> String {
    if let label = mirror.children.first?.label { return label }
    return EnumCase.name(of: subject) ?? String(describing: subject)
  }

  /// An enum case's payload: null without one, the value itself for one unlabeled value, an object
  /// of its fields otherwise.
  package static func payload(of mirror: Mirror, depth: Int) -> TraceValue {
    guard let child = mirror.children.first else { return .null }
    let inner = Mirror(reflecting: child.value)
    if inner.displayStyle == .tuple {
      let fields = Array(inner.children)
      if fields.count == 1, fields[0].label?.hasPrefix(".") ?? true {
        return value(of: fields[0].value, depth: depth + 1)
      }
      return .object(
        fields.enumerated().map { index, field in
          .init(
            fieldName(field.label, index: index, value: field.value),
            value(of: field.value, depth: depth + 1))
        })
    }
    return value(of: child.value, depth: depth + 1)
  }

  /// A dictionary's entries, keyed by the keys' descriptions in sorted order, or a mirror's
  /// labelled children (a stack's `#0`, `#1`) in their order.
  package static func keyedValues(of mirror: Mirror) -> [(String, Any)] {
    var entries: [(String, Any)] = []
    for child in mirror.children {
      if let label = child.label {
        entries.append((label, child.value))
        continue
      }
      let pair = Mirror(reflecting: child.value).children.map(\.value)
      guard pair.count == 2 else { continue }
      entries.append((keyText(pair[0]), pair[1]))
    }
    return mirror.children.first?.label == nil ? entries.sorted { $0.0 < $1.0 } : entries
  }

  package static func keyedChildren(of mirror: Mirror, depth: Int) -> [TraceValue.Field] {
    keyedValues(of: mirror).map { .init($0.0, value(of: $0.1, depth: depth + 1)) }
  }

  /// How a dictionary key or element id reads in a path.
  package static func keyText(_ key: Any) -> String {
    switch value(of: key) {
    case let .string(text): text
    case let .int(number): String(number)
    case let other: other.jsonText
    }
  }

  /// A field's name: its label, without the underscore of property-wrapper storage or of the
  /// storage `@ObservableState` gives a tracked property of `owner`, or its position for
  /// unlabeled tuple elements.
  package static func fieldName(
    _ label: String?, index: Int, value: Any, owner: Any.Type? = nil
  ) -> String {
    guard let label else { return String(index) }
    if label.hasPrefix("."), let position = Int(label.dropFirst()) { return String(position) }
    if label.hasPrefix("_"), !label.hasPrefix("_$"),
      (type(of: value) as? any StateReflecting.Type)?.isPropertyWrapperStorage == true
        || owner.map({ TrackedStorage.isStorage(label, of: $0) }) == true
    {
      return String(label.dropFirst())
    }
    return label
  }

  /// Values that read as a single scalar.
  package static func primitive(_ subject: Any) -> TraceValue? {
    // NB: The commonest scalars are told by their exact type first: each failed cast below costs
    // a conformance search, and the recorder's diff reflects every scalar that changed.
    let type = Swift.type(of: subject)
    if type == Int.self { return .int(Int64(subject as! Int)) }
    if type == String.self { return .string(subject as! String) }
    if type == Bool.self { return .bool(subject as! Bool) }
    return switch subject {
    case let value as String: .string(value)
    case let value as Bool: .bool(value)
    case let value as Int: .int(Int64(value))
    case let value as Int64: .int(value)
    case let value as Int32: .int(Int64(value))
    case let value as Int16: .int(Int64(value))
    case let value as Int8: .int(Int64(value))
    case let value as UInt8: .int(Int64(value))
    case let value as UInt16: .int(Int64(value))
    case let value as UInt32: .int(Int64(value))
    case let value as UInt: value <= UInt(Int64.max) ? .int(Int64(value)) : .string("\(value)")
    case let value as UInt64: value <= UInt64(Int64.max) ? .int(Int64(value)) : .string("\(value)")
    case let value as Double: .double(value)
    case let value as Float: .double(Double(value))
    case let value as Character: .string(String(value))
    case let value as Substring: .string(String(value))
    case let value as UUID: .string(value.uuidString)
    case let value as URL: .string(value.absoluteString)
    case let value as Date: .string(value.formatted(.iso8601))
    case let value as Data: .string(value.base64EncodedString())
    case let value as Decimal: .string("\(value)")
    case let value as any StateReflecting:
      value.reflectedScalar ?? value.reflectedValue.map { Reflection.value(of: $0) }
    default: nil
    }
  }
}
