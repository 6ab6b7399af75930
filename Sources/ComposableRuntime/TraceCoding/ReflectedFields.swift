@_spi(Reflection) import Swift

/// The stored fields of a struct that is not `Codable`, each able to code the value at its offset
/// (see ``ReflectedValue``). Found once per type through the runtime's field walk.
final class ReflectedFields: @unchecked Sendable {
  // NB: @unchecked: immutable once made.
  struct Field {
    let offset: Int
    let encode: (UnsafeRawPointer, inout KeyedEncodingContainer<TraceCodingKey>) throws -> Void
    let decode: (KeyedDecodingContainer<TraceCodingKey>, UnsafeMutableRawPointer) throws -> Void
    let deinitialize: (UnsafeMutableRawPointer) -> Void
  }

  let fields: [Field]

  private init(fields: [Field]) {
    self.fields = fields
  }

  /// The fields of `type`, or `nil` when it is not a struct whose every field is a plain stored
  /// value (weak and unowned references are not). A field that cannot be coded throws when it
  /// is coded.
  static func of(_ type: Any.Type) -> ReflectedFields? {
    memo.value(for: type) { type in
      func open<Root>(_: Root.Type) -> ReflectedFields? { make(Root.self) }
      return _openExistential(type, do: open)
    }
  }

  private static let memo = TypeMemo<ReflectedFields>()

  private static func make<Root>(_: Root.Type) -> ReflectedFields? {
    // NB: The first word of a type's metadata is its kind: only structs (not classes, closures,
    // tuples or existentials, which the walks below may also accept) are made of their fields.
    let structKind = 0x200
    let metadata = unsafeBitCast(Root.self as Any.Type, to: UnsafeRawPointer.self)
    guard metadata.load(as: Int.self) == structKind else { return nil }
    var names: [String] = []
    // NB: The key-path walk refuses what cannot be read as a plain stored value; the plain walk
    // gives the offsets. Both visit the same fields in the same order.
    guard
      _forEachFieldWithKeyPath(
        of: Root.self,
        body: { name, _ in
          names.append(String(cString: name))
          return true
        })
    else { return nil }
    var fields: [Field] = []
    let walked = _forEachField(of: Root.self) { _, offset, fieldType, _ in
      guard fields.count < names.count else { return false }
      fields.append(field(named: names[fields.count], at: offset, of: fieldType))
      return true
    }
    guard walked, fields.count == names.count else { return nil }
    return ReflectedFields(fields: fields)
  }

  private static func field(named name: String, at offset: Int, of type: Any.Type) -> Field {
    func typed<Value>(_: Value.Type) -> Field {
      let key = TraceCodingKey(stringValue: name)
      return Field(
        offset: offset,
        encode: { pointer, container in
          try container.encode(ReflectedValue(pointer.load(as: Value.self)), forKey: key)
        },
        decode: { container, pointer in
          let value = try container.decode(ReflectedValue<Value>.self, forKey: key).value
          pointer.initializeMemory(as: Value.self, to: value)
        },
        deinitialize: { pointer in
          pointer.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
        }
      )
    }
    return _openExistential(type, do: typed)
  }
}
