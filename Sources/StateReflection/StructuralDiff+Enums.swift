import Trace

// Enums: a case that changed is one replace, the same case diffs its payload.
extension StructuralDiff {
  /// The operations between two values of one enum type.
  func diffEnums(
    _ old: Any, _ oldMirror: Mirror, _ new: Any, _ newMirror: Mirror, at path: TracePath,
    into ops: inout [DiffOperation]
  ) {
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
}
