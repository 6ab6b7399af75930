import Trace

/// Where reference values (``StateReflecting/reflectedReference``) sit inside a live state.
package enum ReferenceLocator {
  /// One reference found: where it sits, the storage it reads, and the value itself.
  package struct Location {
    package let path: TracePath
    package let reference: AnyObject
    package let value: any StateReflecting
  }

  /// Every reference value in `state` whose storage is one of `references` (any storage when
  /// `nil`), with its path as the differ writes it.
  ///
  /// NB: It walks the whole state by reflection, so a recorder calls it only for an event that
  /// changed some shared value; a state without one is never walked.
  package static func locations(
    of references: Set<ObjectIdentifier>?, in state: Any
  ) -> [Location] {
    var found: [Location] = []
    Self.walk(state, at: TracePath(), depth: 0, looking: references, into: &found)
    return found
  }

  private static func walk(
    _ subject: Any, at path: TracePath, depth: Int, looking references: Set<ObjectIdentifier>?,
    into found: inout [Location]
  ) {
    guard depth < 64 else { return }
    if let reflecting = subject as? any StateReflecting {
      if let reference = reflecting.reflectedReference {
        if references?.contains(ObjectIdentifier(reference)) ?? true {
          found.append(Location(path: path, reference: reference, value: reflecting))
        }
        return
      }
      if reflecting.reflectedScalar != nil { return }
    }
    if Reflection.primitive(subject) != nil { return }
    let mirror = Mirror(reflecting: subject)
    switch mirror.displayStyle {
    case .optional:
      if let wrapped = mirror.children.first?.value {
        Self.walk(wrapped, at: path, depth: depth + 1, looking: references, into: &found)
      }
    case .enum:
      let casePath = path.appending(.field(Reflection.caseName(of: subject, mirror)))
      let payload = StructuralDiff.payloadChildren(mirror)
      if payload.count == 1, payload[0].0 == nil {
        Self.walk(payload[0].1, at: casePath, depth: depth + 1, looking: references, into: &found)
      } else {
        for (name, value) in payload {
          Self.walk(
            value, at: casePath.appending(.field(name ?? "")), depth: depth + 1,
            looking: references, into: &found)
        }
      }
    case .collection:
      let identified = subject is any CollectionDiffing
      for (index, child) in mirror.children.enumerated() {
        let component: TracePath.Component =
          identified ? .id(StructuralDiff.idText(child.value)) : .index(index)
        Self.walk(
          child.value, at: path.appending(component), depth: depth + 1, looking: references,
          into: &found)
      }
    case .set:
      return
    case .dictionary:
      for (key, value) in Reflection.keyedValues(of: mirror) {
        Self.walk(
          value, at: path.appending(.field(key)), depth: depth + 1, looking: references,
          into: &found)
      }
    default:
      for (index, child) in mirror.children.enumerated() {
        let name = Reflection.fieldName(
          child.label, index: index, value: child.value, owner: mirror.subjectType)
        Self.walk(
          child.value, at: path.appending(.field(name)), depth: depth + 1, looking: references,
          into: &found)
      }
    }
  }
}
