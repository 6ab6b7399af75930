/// The cases of an enum none of whose cases carries a value, by name, read from the enum's
/// metadata: how ``ReflectedValue`` codes such an enum when it is not `Codable`
/// (`enum Player { case o, x }` codes as `"x"`).
final class PlainEnumCases: @unchecked Sendable {
  // NB: @unchecked: immutable once made.
  private let tags: [String: Int]

  private init(tags: [String: Int]) {
    self.tags = tags
  }

  /// The cases of `type`, or `nil` when it is not an enum or some case of it carries a value.
  static func of(_ type: Any.Type) -> PlainEnumCases? {
    memo.value(for: type) { type in
      func open<Value>(_: Value.Type) -> PlainEnumCases? { make(Value.self) }
      return _openExistential(type, do: open)
    }
  }

  private static let memo = TypeMemo<PlainEnumCases>()

  /// The name of the case `value` is in.
  func name<Value>(of value: Value) -> String {
    String(cString: _enumCaseName(value))
  }

  /// The value of the case named `name`, or `nil` when there is none.
  func value<Value>(named name: String) -> Value? {
    self.tags[name].map { Self.value(tag: $0) }
  }

  private static func make<Value>(_: Value.Type) -> PlainEnumCases? {
    // NB: The enum's metadata: its kind (an enum, not an optional), then its nominal type
    // descriptor, which counts the cases that carry a payload and those that do not. With no
    // payload cases, a value is its case's index, little-endian, in `size` bytes.
    let metadata = unsafeBitCast(Value.self as Any.Type, to: UnsafeRawPointer.self)
    let enumKind = 0x201
    guard metadata.load(as: Int.self) == enumKind else { return nil }
    let descriptor = metadata.load(fromByteOffset: MemoryLayout<Int>.size, as: UnsafeRawPointer.self)
    let payloadCases = descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF
    let emptyCases = Int(descriptor.load(fromByteOffset: 24, as: UInt32.self))
    guard payloadCases == 0, emptyCases > 0, MemoryLayout<Value>.size <= 2 else { return nil }
    var tags: [String: Int] = [:]
    for tag in 0..<emptyCases {
      tags[String(cString: _enumCaseName(value(tag: tag) as Value))] = tag
    }
    return PlainEnumCases(tags: tags)
  }

  /// The case with index `tag`: a value of at most 2 bytes, and so at most 2-aligned, as a
  /// `UInt16` is.
  private static func value<Value>(tag: Int) -> Value {
    withUnsafeBytes(of: UInt16(truncatingIfNeeded: tag).littleEndian) { $0.load(as: Value.self) }
  }
}

// NB: The runtime entry point the standard library's own printing uses for enum cases.
@_silgen_name("swift_EnumCaseName")
private func _enumCaseName<Value>(_ value: Value) -> UnsafePointer<CChar>
