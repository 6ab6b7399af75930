import ConcurrencyExtras

/// Names key paths whose description cannot: a key path through a property wrapper's projection
/// (`\.$destination`) prints as `<computed …>`, so the name is found once by reflecting a value of
/// the root and matching the stored property of the key path's value type, then cached.
enum KeyPathName {
  private struct Entry: @unchecked Sendable {
    // NB: Key paths are immutable; the entry keeps its key path alive so the id is not reused.
    let keyPath: AnyKeyPath
    let label: String?
  }

  private static let cache = LockIsolated<[ObjectIdentifier: Entry]>([:])

  /// The property name of `keyPath` in `root`, or `nil` when the key path describes itself.
  static func label(of keyPath: AnyKeyPath, in root: Any) -> String? {
    let id = ObjectIdentifier(keyPath)
    if let entry = cache.value[id], entry.keyPath === keyPath {
      return entry.label
    }
    var label: String?
    if String(describing: keyPath).contains("<computed") {
      let valueType = type(of: keyPath).valueType
      // Property wrappers store `_name`; the projection is `$name`.
      label = Mirror(reflecting: root).children
        .first { type(of: $0.value) == valueType }?.label
        .map { $0.hasPrefix("_") ? "$" + $0.dropFirst() : $0 }
    }
    let entry = Entry(keyPath: keyPath, label: label)
    cache.withValue { $0[id] = entry }
    return label
  }
}

/// An element id of any `Hashable` type, shareable across threads and printed as itself.
struct ElementID: Hashable, @unchecked Sendable, CustomStringConvertible {
  // NB: Ids are only compared and printed; they are never mutated through this box.
  let base: AnyHashable
  var description: String { String(describing: self.base.base) }
}
