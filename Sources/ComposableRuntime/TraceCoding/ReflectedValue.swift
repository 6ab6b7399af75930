import ConcurrencyExtras
import IdentifiedCollections
@_spi(Reflection) import Swift

/// A value of a type that is not `Codable`, coded by what it is made of, so that a feature's
/// model types need no coding of their own: a struct as its stored fields (by name), an enum
/// whose cases carry no values as its case's name, another enum as its case's name with its
/// values (``PayloadEnumCases``), an optional as `null` or its value, an array or an identified
/// array as its elements, a `Shared` or `SharedReader` as its value, an `AnyHashableSendable`
/// as its base's type and value. Anything else (a class, a closure, another existential)
/// throws ``UncodableValueError``.
///
/// TicTacToe's `Three<Three<Player?>>` board, with `Three` a generic struct and `Player` a plain
/// enum, neither `Codable`, codes as
/// `{"first": {"first": "x", "second": null, "third": "o"}, …}`.
struct ReflectedValue<Value>: Codable {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }

  init(from decoder: any Decoder) throws {
    self.value = try Self.decode(from: decoder)
  }

  func encode(to encoder: any Encoder) throws {
    try Self.encode(self.value, to: encoder)
  }

  static func encode(_ value: Value, to encoder: any Encoder) throws {
    if let result = value as? any _TraceCodableResult {
      return try result._encodeTrace(to: encoder)
    }
    if let codable = value as? any Codable {
      return try codable.encode(to: encoder)
    }
    if let optional = value as? any ReflectedOptional {
      return try optional.encodeReflected(to: encoder)
    }
    if let collection = value as? any ReflectedCollection {
      return try collection.encodeReflected(to: encoder)
    }
    if let shared = value as? any ReflectedShared {
      return try shared.encodeReflected(to: encoder)
    }
    if let erased = value as? AnyHashableSendable {
      return try erased.encodeReflected(to: encoder)
    }
    if let cases = PlainEnumCases.of(Value.self) {
      var container = encoder.singleValueContainer()
      return try container.encode(cases.name(of: value))
    }
    if let cases = PayloadEnumCases.of(Value.self) {
      return try cases.encode(value, to: encoder)
    }
    guard let fields = ReflectedFields.of(Value.self) else {
      throw UncodableValueError(path: "", typeName: "\(Value.self)")
    }
    var container = encoder.container(keyedBy: TraceCodingKey.self)
    try withUnsafeBytes(of: value) { bytes in
      for field in fields.fields {
        try field.encode(bytes.baseAddress! + field.offset, &container)
      }
    }
  }

  static func decode(from decoder: any Decoder) throws -> Value {
    if let result = Value.self as? any _TraceCodableResult.Type {
      return try result.init(_decodingTraceFrom: decoder) as! Value
    }
    if let codable = Value.self as? any Codable.Type {
      return try codable.init(from: decoder) as! Value
    }
    if let optional = Value.self as? any ReflectedOptional.Type {
      return try optional.decodeReflected(from: decoder) as! Value
    }
    if let collection = Value.self as? any ReflectedCollection.Type {
      return try collection.decodeReflected(from: decoder) as! Value
    }
    if let shared = Value.self as? any ReflectedShared.Type {
      return try shared.decodeReflected(from: decoder) as! Value
    }
    if Value.self == AnyHashableSendable.self {
      return try AnyHashableSendable.decodeReflected(from: decoder) as! Value
    }
    if let cases = PlainEnumCases.of(Value.self) {
      let name = try decoder.singleValueContainer().decode(String.self)
      guard let value: Value = cases.value(named: name) else {
        throw DecodingError.dataCorrupted(
          DecodingError.Context(
            codingPath: decoder.codingPath, debugDescription: "\(Value.self) has no case \(name)"))
      }
      return value
    }
    if let cases = PayloadEnumCases.of(Value.self) {
      return try cases.decode(from: decoder)
    }
    guard let fields = ReflectedFields.of(Value.self) else {
      throw UncodableValueError(path: "", typeName: "\(Value.self)")
    }
    let container = try decoder.container(keyedBy: TraceCodingKey.self)
    let memory = UnsafeMutableRawPointer.allocate(
      byteCount: max(MemoryLayout<Value>.size, 1), alignment: MemoryLayout<Value>.alignment)
    defer { memory.deallocate() }
    var initialized = 0
    do {
      for field in fields.fields {
        try field.decode(container, memory + field.offset)
        initialized += 1
      }
    } catch {
      for field in fields.fields.prefix(initialized) {
        field.deinitialize(memory + field.offset)
      }
      throw error
    }
    return memory.assumingMemoryBound(to: Value.self).move()
  }
}

/// `Shared` and `SharedReader` outside a state's `@Shared` properties (an action that hands a
/// child's shared value to its parent, `.startMeeting(Shared<SyncUp>)`), seen without knowing
/// their `Value` type statically: coded as their value, decoded as a new reference to it
/// (`Shared(value:)`), as the synthesized coding decodes a `@Shared` property that declares no
/// storage. A `Shared` of an element of a keyed identified array (`Shared($syncUps[id: id])`)
/// codes as `{"$shared": {"key": …, "id": …}, "value": …}` instead, and decodes derived from
/// that key again when a `Shared` of it is alive (see ``KeyedElementSource``).
private protocol ReflectedShared {
  associatedtype Value
  var wrappedValue: Value { get }
  init(value: sending Value)
  /// Where the value comes from, when it is an element of a keyed identified array.
  var keyedSource: KeyedElementSource? { get }
  /// The element `value` was recorded from, derived from its key again.
  static func derived(_ value: Value, from decoder: any Decoder) throws -> Self?
}

private enum ReflectedSharedKey: String, CodingKey {
  case source = "$shared"
  case value
}

extension ReflectedShared {
  fileprivate func encodeReflected(to encoder: any Encoder) throws {
    guard let source = self.keyedSource else {
      return try ReflectedValue<Value>.encode(self.wrappedValue, to: encoder)
    }
    var container = encoder.container(keyedBy: ReflectedSharedKey.self)
    try container.encode(source, forKey: .source)
    try ReflectedValue<Value>.encode(
      self.wrappedValue, to: container.superEncoder(forKey: .value))
  }

  fileprivate static func decodeReflected(from decoder: any Decoder) throws -> Self {
    if let container = try? decoder.container(keyedBy: ReflectedSharedKey.self),
      container.contains(.source)
    {
      // NB: Decoded here, so referenced nowhere else.
      nonisolated(unsafe) let value = try ReflectedValue<Value>.decode(
        from: container.superDecoder(forKey: .value))
      if let shared = try Self.derived(value, from: container.superDecoder(forKey: .source)) {
        return shared
      }
      return Self(value: value)
    }
    // NB: Decoded here, so referenced nowhere else.
    nonisolated(unsafe) let value = try ReflectedValue<Value>.decode(from: decoder)
    return Self(value: value)
  }
}

extension Shared: ReflectedShared {
  fileprivate var keyedSource: KeyedElementSource? { KeyedElementSource(of: self) }

  fileprivate static func derived(_ value: Value, from decoder: any Decoder) throws -> Self? {
    try KeyedElementSource.decode(value, from: decoder)
  }
}

extension SharedReader: ReflectedShared {
  fileprivate var keyedSource: KeyedElementSource? { nil }

  fileprivate static func derived(_ value: Value, from decoder: any Decoder) throws -> Self? {
    nil
  }
}

/// An id erased to `AnyHashableSendable` (a reusable component's, `DownloadComponent.State.id`):
/// coded as `{"type": …, "value": …}`, the base's mangled type name, which finds the type again
/// in the same program, and its value.
extension AnyHashableSendable {
  private enum Key: String, CodingKey {
    case type, value
  }

  fileprivate func encodeReflected(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try Self.encode(self.base, in: &container)
  }

  private static func encode<Base: Hashable & Sendable>(
    _ base: Base, in container: inout KeyedEncodingContainer<Key>
  ) throws {
    guard let name = _mangledTypeName(Base.self) else {
      throw UncodableValueError(path: "", typeName: "\(Base.self)")
    }
    try container.encode(name, forKey: .type)
    try container.encode(ReflectedValue(base), forKey: .value)
  }

  fileprivate static func decodeReflected(from decoder: any Decoder) throws -> Self {
    let container = try decoder.container(keyedBy: Key.self)
    let name = try container.decode(String.self, forKey: .type)
    guard let base = _typeByName(name) as? any (Hashable & Sendable).Type else {
      throw DecodingError.dataCorruptedError(
        forKey: .type, in: container,
        debugDescription: "no hashable type has the mangled name \(name) in this program")
    }
    return try Self.decode(base, from: container)
  }

  private static func decode<Base: Hashable & Sendable>(
    _: Base.Type, from container: KeyedDecodingContainer<Key>
  ) throws -> Self {
    Self(try container.decode(ReflectedValue<Base>.self, forKey: .value).value)
  }
}

/// `Optional`, seen without knowing its `Wrapped` type statically.
private protocol ReflectedOptional {
  func encodeReflected(to encoder: any Encoder) throws
  static func decodeReflected(from decoder: any Decoder) throws -> Self
}

extension Optional: ReflectedOptional {
  fileprivate func encodeReflected(to encoder: any Encoder) throws {
    guard let self else {
      var container = encoder.singleValueContainer()
      return try container.encodeNil()
    }
    try ReflectedValue<Wrapped>.encode(self, to: encoder)
  }

  fileprivate static func decodeReflected(from decoder: any Decoder) throws -> Self {
    if try decoder.singleValueContainer().decodeNil() { return nil }
    return try ReflectedValue<Wrapped>.decode(from: decoder)
  }
}

/// An array or an identified array of elements that are not `Codable`, seen without knowing
/// its `Element` type statically: coded as the list of its elements.
private protocol ReflectedCollection {
  func encodeReflected(to encoder: any Encoder) throws
  static func decodeReflected(from decoder: any Decoder) throws -> Self
}

extension Array: ReflectedCollection {
  fileprivate func encodeReflected(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    for element in self {
      try container.encode(ReflectedValue(element))
    }
  }

  fileprivate static func decodeReflected(from decoder: any Decoder) throws -> Self {
    var container = try decoder.unkeyedContainer()
    var elements: Self = []
    while !container.isAtEnd {
      elements.append(try container.decode(ReflectedValue<Element>.self).value)
    }
    return elements
  }
}

extension IdentifiedArray: ReflectedCollection where Element: Identifiable, ID == Element.ID {
  fileprivate func encodeReflected(to encoder: any Encoder) throws {
    try self.elements.encodeReflected(to: encoder)
  }

  fileprivate static func decodeReflected(from decoder: any Decoder) throws -> Self {
    let elements = try [Element].decodeReflected(from: decoder)
    return Self(uniqueElements: elements)
  }
}
