/// Enum case names, read from the enum's metadata.
package enum EnumCase {
  /// The name of the case `value` is in, or `nil` when `value` is not an enum (or its type has no
  /// reflection metadata).
  package static func name(of value: Any) -> String? {
    func open<Value>(_ value: Value) -> UnsafePointer<CChar>? {
      _enumCaseName(value)
    }
    return _openExistential(value, do: open).map { String(cString: $0) }
  }
}

// NB: The runtime entry point the standard library's own printing uses for enum cases (its
// `_getEnumCaseName`): it reads the case's name from the enum's field metadata, the same
// metadata `Mirror` reads labels from, instead of parsing `String(describing:)`.
@_silgen_name("swift_EnumCaseName")
private func _enumCaseName<Value>(_ value: Value) -> UnsafePointer<CChar>?
