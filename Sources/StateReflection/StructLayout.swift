@_spi(Reflection) import Swift

/// The stored fields of a struct type, found once through the runtime's field walk: each field's
/// name, offset and type, and a comparator made once when the field's type is `Equatable`.
///
/// The differ compares a struct's fields in place, at their offsets inside the two values, instead
/// of through a `Mirror`, which would box every field of both values on every action, or through
/// key paths, which cost a projection and a generic metadata look-up per read. An unchanged
/// `Equatable` field costs one `==`; only a field that changed is ever copied out.
final class StructLayout {
  // NB: A class, so that walking the fields on every action retains one object per field, not
  // each of its closures and its name.
  final class Field {
    /// The name paths use: the property's, without the underscore of `@Presents` storage.
    let name: String
    /// Where the field sits inside the struct.
    let offset: Int
    /// The field's declared type.
    let type: Any.Type
    /// The bytes the field takes inside the struct (`MemoryLayout.size` of its type).
    let size: Int
    /// Whether a value in this field is always of exactly `type`: not a class (the field may hold
    /// a subclass) and not an existential.
    let isExactlyTyped: Bool
    /// `==` on two values of the field at the given addresses, when its type is `Equatable`.
    let isEqual: ((UnsafeRawPointer, UnsafeRawPointer) -> Bool)?
    /// A copy of the field's value at an address, boxed.
    let value: (UnsafeRawPointer) -> Any

    init(
      name: String, offset: Int, type: Any.Type, size: Int, isExactlyTyped: Bool,
      isEqual: ((UnsafeRawPointer, UnsafeRawPointer) -> Bool)?,
      value: @escaping (UnsafeRawPointer) -> Any
    ) {
      self.name = name
      self.offset = offset
      self.type = type
      self.size = size
      self.isExactlyTyped = isExactlyTyped
      self.isEqual = isEqual
      self.value = value
    }
  }

  let fields: [Field]

  /// The layout of `Root`, or `nil` when the runtime cannot walk its fields (weak or unowned
  /// storage, closures).
  init?<Root>(of _: Root.Type) {
    var names: [String] = []
    let walked = _forEachFieldWithKeyPath(of: Root.self) { name, _ in
      names.append(String(cString: name))
      return true
    }
    guard walked else { return nil }
    // NB: Both walks visit the same stored fields in the same order; the key-path walk is the one
    // that refuses what cannot be read as a plain stored value.
    var fields: [Field] = []
    let placed = _forEachField(of: Root.self) { _, offset, type, kind in
      guard fields.count < names.count else { return false }
      fields.append(
        Self.field(
          named: names[fields.count], at: offset, of: type, kind: kind, owner: Root.self))
      return true
    }
    guard placed, fields.count == names.count else { return nil }
    self.fields = fields
  }

  private static func field(
    named name: String, at offset: Int, of type: Any.Type, kind: _MetadataKind,
    owner: Any.Type
  ) -> Field {
    func typed<Value>(_: Value.Type) -> Field {
      let fieldName =
        name.hasPrefix("_") && !name.hasPrefix("_$")
          && ((Value.self as? any StateReflecting.Type)?.isPropertyWrapperStorage == true
            || TrackedStorage.isStorage(name, of: owner))
        ? String(name.dropFirst()) : name
      let isExactlyTyped =
        switch kind {
        case .struct, .enum, .optional, .tuple: true
        default: false
        }
      return Field(
        name: fieldName, offset: offset, type: type, size: MemoryLayout<Value>.size,
        isExactlyTyped: isExactlyTyped,
        isEqual: DiffedType.comparator(for: Value.self), value: DiffedType.boxing(Value.self))
    }
    return _openExistential(type, do: typed)
  }
}
