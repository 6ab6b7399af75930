import Foundation

/// The `Encoder` a value encodes itself into, and what it encoded: an object or array that
/// containers fill in place (so a nested container handed out earlier still writes into its
/// parent), or the one value of a single-value container.
///
/// One is made for each value below the top; `codingPath` is built from the parents on demand,
/// so encoding pays nothing for it.
final class ValueEncoder: Encoder {
  enum Kind {
    /// Nothing asked for a container yet: writes `{}`, as Foundation's encoder does.
    case empty
    /// What a single-value container stored.
    case single
    case object
    case array
  }

  var kind: Kind = .empty
  var single: EncodedValue = .null
  /// The object's fields in the order written; the first is kept apart, since most objects
  /// (an enum case and its payload) have one.
  var firstField: (key: String, value: EncodedValue)?
  var moreFields: [(key: String, value: EncodedValue)] = []
  var elements: [EncodedValue] = []
  /// NB: Unowned, as the parent holds its children: the whole tree goes when the top does.
  private unowned let parent: ValueEncoder?
  private let key: (any CodingKey)?

  init(parent: ValueEncoder?, key: (any CodingKey)?) {
    self.parent = parent
    self.key = key
  }

  var codingPath: [any CodingKey] {
    var path: [any CodingKey] = []
    var encoder: ValueEncoder? = self
    while let current = encoder {
      if let key = current.key { path.append(key) }
      encoder = current.parent
    }
    return path.reversed()
  }

  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    // NB: Asking twice (a subclass and its superclass, say) fills one object, as in Foundation.
    self.kind = .object
    return KeyedEncodingContainer(ObjectContainer(encoder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    self.kind = .array
    return ArrayContainer(encoder: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleContainer(encoder: self)
  }

  /// Adds a field to the object.
  func append(_ value: EncodedValue, forKey key: String) {
    if self.firstField == nil {
      self.firstField = (key, value)
    } else {
      self.moreFields.append((key, value))
    }
  }

  /// `value` ready to store: scalars and the types JSON spells specially inline, anything else
  /// encoded into an encoder of its own.
  func box<Value: Encodable>(_ value: Value, forKey key: (any CodingKey)?) throws -> EncodedValue {
    // NB: Comparing metatypes is a pointer comparison; these are the types Foundation's encoder
    // writes its own way, and the scalars generic code most often hands over.
    if Value.self == String.self { return .string(value as! String) }
    if Value.self == Int.self { return .int(Int64(value as! Int)) }
    if Value.self == Bool.self { return .bool(value as! Bool) }
    if Value.self == Double.self { return try self.boxed(value as! Double, forKey: key) }
    if Value.self == Data.self { return .string((value as! Data).base64EncodedString()) }
    if Value.self == URL.self { return .string((value as! URL).absoluteString) }
    if Value.self == Decimal.self {
      let decimal = value as! Decimal
      guard !decimal.isNaN else { throw self.invalid(decimal, forKey: key, "Decimal.nan") }
      return .number(decimal.description)
    }
    let child = ValueEncoder(parent: self, key: key)
    try value.encode(to: child)
    return child.kind == .single ? child.single : .container(child)
  }

  func boxed(_ double: Double, forKey key: (any CodingKey)?) throws -> EncodedValue {
    guard double.isFinite else { throw self.invalid(double, forKey: key, "\(double)") }
    return .double(double)
  }

  func boxed(_ float: Float, forKey key: (any CodingKey)?) throws -> EncodedValue {
    guard float.isFinite else { throw self.invalid(float, forKey: key, "\(float)") }
    return .float(float)
  }

  private func invalid(_ value: Any, forKey key: (any CodingKey)?, _ spelling: String)
    -> EncodingError
  {
    EncodingError.invalidValue(
      value,
      EncodingError.Context(
        codingPath: self.codingPath + (key.map { [$0] } ?? []),
        debugDescription: "JSON has no spelling for \(spelling)."))
  }

  /// Appends what was encoded as JSON.
  func write(into writer: inout JSONWriter) {
    switch self.kind {
    case .empty: writer.append("{}")
    case .single: self.single.write(into: &writer)
    case .array:
      writer.append(byte: UInt8(ascii: "["))
      for (position, element) in self.elements.enumerated() {
        if position > 0 { writer.append(byte: UInt8(ascii: ",")) }
        element.write(into: &writer)
      }
      writer.append(byte: UInt8(ascii: "]"))
    case .object:
      writer.append(byte: UInt8(ascii: "{"))
      if let first = self.firstField {
        if self.moreFields.isEmpty {
          Self.write(first, into: &writer)
        } else {
          for (position, field) in Self.sorted([first] + self.moreFields).enumerated() {
            if position > 0 { writer.append(byte: UInt8(ascii: ",")) }
            Self.write(field, into: &writer)
          }
        }
      }
      writer.append(byte: UInt8(ascii: "}"))
    }
  }

  private static func write(
    _ field: (key: String, value: EncodedValue), into writer: inout JSONWriter
  ) {
    writer.write(string: field.key)
    writer.append(byte: UInt8(ascii: ":"))
    field.value.write(into: &writer)
  }

  /// The fields in byte order of their keys; of a key encoded twice, the last value.
  static func sorted(
    _ fields: [(key: String, value: EncodedValue)]
  ) -> [(key: String, value: EncodedValue)] {
    var isSorted = true
    for index in fields.indices.dropFirst()
    where !Self.precedes(fields[index - 1].key, fields[index].key) {
      isSorted = false
      break
    }
    if isSorted { return fields }
    // NB: Sorting positions with their keys keeps the order of equal keys, so the last one
    // written is the one kept.
    let order = fields.indices.sorted {
      fields[$0].key == fields[$1].key ? $0 < $1 : Self.precedes(fields[$0].key, fields[$1].key)
    }
    var result: [(key: String, value: EncodedValue)] = []
    result.reserveCapacity(fields.count)
    for index in order {
      if let last = result.last, last.key == fields[index].key {
        result[result.count - 1] = fields[index]
      } else {
        result.append(fields[index])
      }
    }
    return result
  }

  /// Whether `left` sorts strictly before `right`, comparing UTF-8 bytes.
  static func precedes(_ left: String, _ right: String) -> Bool {
    var left = left
    var right = right
    return left.withUTF8 { left in
      right.withUTF8 { right in
        let common = min(left.count, right.count)
        let order = common == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, common)
        return order != 0 ? order < 0 : left.count < right.count
      }
    }
  }
}
