import Trace

// Values without a layout to compare in place, read through their mirrors and sent to the
// differ for their shape.
extension StructuralDiff {
  /// The operations between two values of one type, read through mirrors.
  func diffReflecting(
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
      self.diffEnums(old, oldMirror, new, newMirror, at: path, into: &ops)
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
          (
            Reflection.fieldName(
              $1.label, index: $0, value: $1.value, owner: oldMirror.subjectType), $1.value
          )
        },
        newMirror.children.enumerated().map {
          (
            Reflection.fieldName(
              $1.label, index: $0, value: $1.value, owner: newMirror.subjectType), $1.value
          )
        },
        at: path, into: &ops)
    }
  }
}
