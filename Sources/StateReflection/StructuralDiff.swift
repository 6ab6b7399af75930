import Trace

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Path-level differences between two live values of any type, computed so that the cost follows
/// what changed, not the size of the state.
///
/// At every level, values that are `Equatable` are compared with `==` first (an array that shares
/// its storage with the other compares in O(1)), and only values that differ are reflected into.
/// Changed leaves are reflected into ``TraceValue``s for the trace; everything unchanged is never
/// reflected at all.
///
/// Collections of `Identifiable` elements (an `IdentifiedArray`) are matched by id, other
/// collections by position, dictionaries by key; an enum that changed case is one `replace`.
package struct StructuralDiff {
  /// State paths whose values must never be written.
  package let redactedPaths: Set<String>
  /// How each type is diffed, learned as types are met.
  let types = DiffedTypes()

  package init(redactedPaths: Set<String>) {
    self.redactedPaths = redactedPaths
  }

  package func operations(from old: Any, to new: Any) -> [DiffOperation] {
    self.operations(from: old, to: new, at: TracePath())
  }

  /// The operations between two values that sit at `path` inside a state.
  package func operations(from old: Any, to new: Any, at path: TracePath) -> [DiffOperation] {
    var operations: [DiffOperation] = []
    self.diff(old, new, at: path, into: &operations)
    return operations
  }

  /// `old == new` when both are the same `Equatable` type, `nil` when that cannot be told; the
  /// same answer as ``isEqual(_:_:)``, with the comparison learned once per type.
  package func equality(_ old: Any, _ new: Any) -> Bool? {
    let valueType = type(of: new)
    guard type(of: old) == valueType, let isEqual = self.types.type(of: new).isEqual else {
      return Self.isEqual(old, new)
    }
    return withAddresses(of: old, new, as: valueType, isEqual)
  }

  func diff(_ old: Any, _ new: Any, at path: TracePath, into ops: inout [DiffOperation]) {
    let valueType = type(of: new)
    guard type(of: old) == valueType else {
      // `nil` when the values are not `Equatable`.
      let equality = Self.isEqual(old, new)
      if equality == true { return }
      if self.isRedacted(path) {
        return self.replaceRedacted(old, new, equality: equality, at: path, into: &ops)
      }
      // NB: Values of two types can still read the same (`nil` of two optional types in an
      // `Any` field); the stored-tree differ sees no change there, and neither does this one.
      let (oldValue, newValue) = (self.reflect(old, at: path), self.reflect(new, at: path))
      if oldValue == newValue { return }
      return ops.append(.replace(path, old: oldValue, new: newValue))
    }
    let diffed = self.types.type(of: new)
    guard let isEqual = diffed.isEqual else {
      // NB: A dynamic cast can still tell some of these apart (an optional `Any` holding an
      // `Equatable` value), so they keep it.
      let equality = Self.isEqual(old, new)
      if equality == true { return }
      if self.isRedacted(path) {
        return self.replaceRedacted(old, new, equality: equality, at: path, into: &ops)
      }
      return self.diffInside(old, new, of: diffed, equality: equality, at: path, into: &ops)
    }
    withAddresses(of: old, new, as: valueType) { oldAddress, newAddress in
      if isEqual(oldAddress, newAddress) { return }
      self.diffUnequal(oldAddress, newAddress, of: diffed, at: path, into: &ops)
    }
  }

  /// The operations between two unequal values of an `Equatable` type, in place at `old` and
  /// `new`.
  func diffUnequal(
    _ old: UnsafeRawPointer, _ new: UnsafeRawPointer, of diffed: DiffedType, at path: TracePath,
    into ops: inout [DiffOperation]
  ) {
    if self.isRedacted(path) {
      return self.replaceRedacted(
        diffed.value(old), diffed.value(new), equality: false, at: path, into: &ops)
    }
    if case let .layout(layout) = diffed.kind {
      return self.diffFields(of: layout, old, new, at: path, into: &ops)
    }
    self.diffInside(
      diffed.value(old), diffed.value(new), of: diffed, equality: false, at: path, into: &ops)
  }

  /// The operations between two values of `diffed` that are not known to be equal, at a path that
  /// is not redacted.
  func diffInside(
    _ old: Any, _ new: Any, of diffed: DiffedType, equality: Bool?, at path: TracePath,
    into ops: inout [DiffOperation]
  ) {
    switch diffed.kind {
    case let .layout(layout):
      return withAddresses(of: old, new, as: type(of: new)) { oldAddress, newAddress in
        self.diffFields(of: layout, oldAddress, newAddress, at: path, into: &ops)
      }
    case .collection:
      if let changes = (new as! any CollectionDiffing).changes(from: old) {
        return self.apply(changes, old: old, new: new, at: path, into: &ops)
      }
    case .mirror:
      // A scalar that changed (a count, a flag, a string) is replaced without a mirror.
      if let newValue = Reflection.primitive(new), let oldValue = Reflection.primitive(old) {
        return ops.append(.replace(path, old: oldValue, new: newValue))
      }
    }
    self.diffReflecting(old, new, equality: equality, at: path, into: &ops)
  }

  /// `old == new` when both are the same `Equatable` type, `nil` when that cannot be told.
  static func isEqual(_ old: Any, _ new: Any) -> Bool? {
    guard let old = old as? any Equatable else { return nil }
    func compare<T: Equatable>(_ old: T) -> Bool? {
      guard let new = new as? T else { return nil }
      return old == new
    }
    return compare(old)
  }

  /// Whether two values reflect differently, for values that are not `Equatable`.
  static func reflectedDiffers(_ old: Any, _ new: Any) -> Bool {
    Reflection.value(of: old) != Reflection.value(of: new)
  }
}
