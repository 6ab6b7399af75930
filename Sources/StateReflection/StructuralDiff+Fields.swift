import Trace

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Structs, classes and dictionaries: their fields (or entries) diffed by name.
extension StructuralDiff {
  /// The fields of two structs of one layout that differ, compared in place; a field of a value
  /// type that differs is diffed in place too, any other is copied out first.
  func diffFields(
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

  func diffFields(
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

  func diffKeyed(
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
  static func dictionary(_ entries: [(String, Any)]) -> KeyedEntries {
    KeyedEntries(entries: entries)
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
