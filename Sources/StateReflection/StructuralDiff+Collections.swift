import Trace

// Collections: identified ones matched by id, others by position.
extension StructuralDiff {
  func diffCollections(
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
  func apply(
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

  func values(of children: [Mirror.Child]) -> [Any] {
    children.map(\.value)
  }

  /// The text of an `Identifiable` element's id, as paths show it.
  static func idText(_ element: Any) -> String {
    guard let identifiable = element as? any Identifiable else { return "" }
    return Reflection.keyText(identifiable.id)
  }
}
