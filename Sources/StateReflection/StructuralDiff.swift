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
  private let types = DiffedTypes()

  package init(redactedPaths: Set<String>) {
    self.redactedPaths = redactedPaths
  }

  package func operations(from old: Any, to new: Any) -> [DiffOperation] {
    var operations: [DiffOperation] = []
    self.diff(old, new, at: TracePath(), into: &operations)
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

  private func diff(_ old: Any, _ new: Any, at path: TracePath, into ops: inout [DiffOperation]) {
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
  private func diffUnequal(
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
  private func diffInside(
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

  /// The fields of two structs of one layout that differ, compared in place; a field of a value
  /// type that differs is diffed in place too, any other is copied out first.
  private func diffFields(
    of layout: StructLayout, _ old: UnsafeRawPointer, _ new: UnsafeRawPointer,
    at path: TracePath, into ops: inout [DiffOperation]
  ) {
    for field in layout.fields {
      let oldField = old + field.offset
      let newField = new + field.offset
      // NB: Identical bits are the same value: the same scalars, the same buffers of the
      // copy-on-write collections (shared, so neither was written since), the same objects.
      // Most of a state is as it was one action earlier, and this is one `memcmp` where `==`
      // would walk the whole subtree.
      if field.size > 0, memcmp(oldField, newField, field.size) == 0 { continue }
      if let isEqual = field.isEqual {
        if isEqual(oldField, newField) { continue }
        if field.isExactlyTyped {
          let diffed = self.types.type(field.type, at: newField, boxing: field.value)
          self.diffUnequal(
            oldField, newField, of: diffed, at: path.appending(.field(field.name)), into: &ops)
          continue
        }
      }
      self.diff(
        field.value(oldField), field.value(newField), at: path.appending(.field(field.name)),
        into: &ops)
    }
  }

  private func isRedacted(_ path: TracePath) -> Bool {
    !self.redactedPaths.isEmpty && self.redactedPaths.contains(path.description)
  }

  /// At a redacted path, one replace of the marker by itself when the values differ.
  private func replaceRedacted(
    _ old: Any, _ new: Any, equality: Bool?, at path: TracePath, into ops: inout [DiffOperation]
  ) {
    if equality == false || Self.reflectedDiffers(old, new) {
      ops.append(.replace(path, old: .redacted, new: .redacted))
    }
  }

  /// The operations between two values of one type, read through mirrors.
  private func diffReflecting(
    _ old: Any, _ new: Any, equality: Bool?, at path: TracePath, into ops: inout [DiffOperation]
  ) {
    let oldMirror = Mirror(reflecting: old)
    let newMirror = Mirror(reflecting: new)
    switch newMirror.displayStyle {
    case .optional:
      switch (oldMirror.children.first?.value, newMirror.children.first?.value) {
      case (nil, nil): return
      case let (old?, new?): self.diff(old, new, at: path, into: &ops)
      default:
        // NB: `nil` and a value that reads as `null` (an optional inside an `Any?`) look the
        // same in a trace, as they do to the stored-tree differ.
        let (oldValue, newValue) = (self.reflect(old, at: path), self.reflect(new, at: path))
        if oldValue != newValue { ops.append(.replace(path, old: oldValue, new: newValue)) }
      }
    case .enum:
      let oldCase = Reflection.caseName(of: old, oldMirror)
      let newCase = Reflection.caseName(of: new, newMirror)
      guard oldCase == newCase else {
        return ops.append(
          .replace(path, old: self.reflect(old, at: path), new: self.reflect(new, at: path)))
      }
      let casePath = path.appending(.field(newCase))
      let oldPayload = Self.payloadChildren(oldMirror)
      let newPayload = Self.payloadChildren(newMirror)
      if oldPayload.count == 1, newPayload.count == 1, oldPayload[0].0 == nil {
        self.diff(oldPayload[0].1, newPayload[0].1, at: casePath, into: &ops)
      } else {
        self.diffFields(oldPayload, newPayload, at: casePath, into: &ops)
      }
    case .collection:
      self.diffCollections(
        Array(oldMirror.children), Array(newMirror.children), at: path, into: &ops)
    case .dictionary:
      self.diffKeyed(
        Reflection.keyedValues(of: oldMirror), Reflection.keyedValues(of: newMirror), at: path,
        into: &ops)
    case .set, nil:
      // Sets have no paths inside them; leaves are replaced whole.
      if equality == false || Self.reflectedDiffers(old, new) {
        ops.append(
          .replace(path, old: self.reflect(old, at: path), new: self.reflect(new, at: path)))
      }
    default:
      if let oldObject = old as AnyObject?, type(of: old) is AnyClass,
        oldObject === (new as AnyObject)
      {
        return
      }
      self.diffFields(
        oldMirror.children.enumerated().map {
          (Reflection.fieldName($1.label, index: $0, value: $1.value), $1.value)
        },
        newMirror.children.enumerated().map {
          (Reflection.fieldName($1.label, index: $0, value: $1.value), $1.value)
        },
        at: path, into: &ops)
    }
  }

  private func diffFields(
    _ old: [(String?, Any)], _ new: [(String?, Any)], at path: TracePath,
    into ops: inout [DiffOperation]
  ) {
    let oldByName = Dictionary(
      old.enumerated().map { ($1.0 ?? String($0), $1.1) }, uniquingKeysWith: { first, _ in first })
    var seen = Set<String>()
    for (index, field) in new.enumerated() {
      let name = field.0 ?? String(index)
      seen.insert(name)
      let fieldPath = path.appending(.field(name))
      if let oldValue = oldByName[name] {
        self.diff(oldValue, field.1, at: fieldPath, into: &ops)
      } else {
        ops.append(.insert(fieldPath, self.reflect(field.1, at: fieldPath)))
      }
    }
    for (index, field) in old.enumerated() where !seen.contains(field.0 ?? String(index)) {
      let fieldPath = path.appending(.field(field.0 ?? String(index)))
      ops.append(.remove(fieldPath, old: self.reflect(field.1, at: fieldPath)))
    }
  }

  private func diffKeyed(
    _ old: [(String, Any)], _ new: [(String, Any)], at path: TracePath,
    into ops: inout [DiffOperation]
  ) {
    // NB: Applying an insert appends a field, so as in the trace's value diff, the kept keys
    // must keep their order and come first; otherwise the whole value is replaced.
    let newKeys = Set(new.map(\.0))
    let oldKeys = Set(old.map(\.0))
    let keptInOldOrder = old.map(\.0).filter(newKeys.contains)
    let newKeptPrefix = new.map(\.0).prefix { oldKeys.contains($0) }
    guard keptInOldOrder.elementsEqual(newKeptPrefix) else {
      return ops.append(
        .replace(
          path, old: self.reflect(Self.dictionary(old), at: path),
          new: self.reflect(Self.dictionary(new), at: path)))
    }
    self.diffFields(old.map { ($0.0, $0.1) }, new.map { ($0.0, $0.1) }, at: path, into: &ops)
  }

  /// Keyed entries in a form that reflects back to the same object.
  private static func dictionary(_ entries: [(String, Any)]) -> KeyedEntries {
    KeyedEntries(entries: entries)
  }

  private func diffCollections(
    _ old: [Mirror.Child], _ new: [Mirror.Child], at path: TracePath,
    into ops: inout [DiffOperation]
  ) {
    let identified =
      (old.first?.value ?? new.first?.value).map { $0 is any Identifiable } ?? false
    guard identified else {
      for index in 0..<min(old.count, new.count) {
        self.diff(old[index].value, new[index].value, at: path.appending(.index(index)), into: &ops)
      }
      for index in old.count..<max(old.count, new.count) {
        let elementPath = path.appending(.index(index))
        ops.append(.insert(elementPath, self.reflect(new[index].value, at: elementPath)))
      }
      for index in (new.count..<max(old.count, new.count)).reversed() {
        let elementPath = path.appending(.index(index))
        ops.append(.remove(elementPath, old: self.reflect(old[index].value, at: elementPath)))
      }
      return
    }
    let oldIDs = old.map { Self.idText($0.value) }
    let newIDs = new.map { Self.idText($0.value) }
    let oldByID = Dictionary(zip(oldIDs, old.map(\.value)), uniquingKeysWith: { first, _ in first })
    let newIDSet = Set(newIDs)
    let keptInOldOrder = oldIDs.filter(newIDSet.contains)
    let keptInNewOrder = newIDs.filter { oldByID[$0] != nil }
    guard keptInOldOrder == keptInNewOrder else {
      // NB: A reorder is one replace of the whole collection, as the trace's value diff does.
      return ops.append(
        .replace(
          path, old: self.reflect(values(of: old), at: path),
          new: self.reflect(values(of: new), at: path)))
    }
    for (id, value) in zip(oldIDs, old.map(\.value)) where !newIDSet.contains(id) {
      let elementPath = path.appending(.id(id))
      ops.append(.remove(elementPath, old: self.reflect(value, at: elementPath)))
    }
    // NB: As in the trace's value diff: applied in this order, an insert at `[position]` lands
    // right; past the last kept element, an insert at `[id: …]` appends.
    let lastKept = newIDs.lastIndex { oldByID[$0] != nil } ?? -1
    for (position, (id, value)) in zip(newIDs, new.map(\.value)).enumerated() {
      if let oldValue = oldByID[id] {
        self.diff(oldValue, value, at: path.appending(.id(id)), into: &ops)
      } else {
        let elementPath = path.appending(position > lastKept ? .id(id) : .index(position))
        ops.append(.insert(elementPath, self.reflect(value, at: elementPath)))
      }
    }
  }

  /// Turns typed collection changes into operations, in the order the trace's value diff uses:
  /// for identified collections removes, then changes and inserts by new position (an insert
  /// past the last kept element is by id); for others changes and inserts by position, then
  /// removes of the old tail.
  private func apply(
    _ changes: CollectionChanges, old: Any, new: Any, at path: TracePath,
    into ops: inout [DiffOperation]
  ) {
    if changes.reordered {
      return ops.append(
        .replace(path, old: self.reflect(old, at: path), new: self.reflect(new, at: path)))
    }
    func appendRemoves() {
      for removed in changes.removed {
        let component: TracePath.Component =
          changes.identified ? .id(Reflection.keyText(removed.id)) : .index(removed.id as! Int)
        let elementPath = path.appending(component)
        ops.append(.remove(elementPath, old: self.reflect(removed.element, at: elementPath)))
      }
    }
    if changes.identified { appendRemoves() }
    for change in changes.changed {
      let component: TracePath.Component
      if let id = change.id {
        component =
          change.old == nil && change.position <= changes.lastKeptPosition
          ? .index(change.position) : .id(Reflection.keyText(id))
      } else {
        component = .index(change.position)
      }
      let elementPath = path.appending(component)
      if let oldElement = change.old {
        self.diff(oldElement, change.new, at: elementPath, into: &ops)
      } else {
        ops.append(.insert(elementPath, self.reflect(change.new, at: elementPath)))
      }
    }
    if !changes.identified { appendRemoves() }
  }

  private func values(of children: [Mirror.Child]) -> [Any] {
    children.map(\.value)
  }

  /// Reflects a changed value, masking redacted paths inside it.
  private func reflect(_ value: Any, at path: TracePath) -> TraceValue {
    var reflected = Reflection.value(of: value)
    guard !self.redactedPaths.isEmpty else { return reflected }
    let prefix = path.description
    for redacted in self.redactedPaths {
      if redacted == prefix { return .redacted }
      guard redacted.hasPrefix(prefix),
        let inner = try? TracePath(parsing: String(redacted.dropFirst(prefix.count)).trimmingDot)
      else { continue }
      try? reflected.apply(.replace(inner, old: .null, new: .redacted))
    }
    return reflected
  }

  /// The payload of an enum case as fields: one unlabeled value, or the labelled fields of its
  /// tuple.
  package static func payloadChildren(_ mirror: Mirror) -> [(String?, Any)] {
    guard let child = mirror.children.first else { return [] }
    let inner = Mirror(reflecting: child.value)
    guard inner.displayStyle == .tuple else { return [(nil, child.value)] }
    let fields = Array(inner.children)
    if fields.count == 1, fields[0].label?.hasPrefix(".") ?? true {
      return [(nil, fields[0].value)]
    }
    return fields.enumerated().map {
      (Reflection.fieldName($1.label, index: $0, value: $1.value), $1.value)
    }
  }

  /// The text of an `Identifiable` element's id, as paths show it.
  static func idText(_ element: Any) -> String {
    guard let identifiable = element as? any Identifiable else { return "" }
    return Reflection.keyText(identifiable.id)
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

/// Dictionary entries that reflect as an object with their keys in this order.
struct KeyedEntries: CustomReflectable {
  let entries: [(String, Any)]
  var customMirror: Mirror {
    Mirror(
      self, children: entries.map { Mirror.Child(label: $0.0, value: $0.1) },
      displayStyle: .dictionary)
  }
}

extension String {
  fileprivate var trimmingDot: String {
    self.hasPrefix(".") ? String(self.dropFirst()) : self
  }
}
