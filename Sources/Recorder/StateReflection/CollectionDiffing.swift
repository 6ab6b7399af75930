import IdentifiedCollections

/// What changed between two collections of `Equatable` elements, found with typed comparisons
/// (`==` on ids and elements) so that only the changed elements are handed on to be reflected.
struct CollectionChanges {
  /// An element that went away.
  struct Removed {
    let id: Any
    let element: Any
  }
  /// A kept element that changed, or a new one (`old == nil`), at its position in the new
  /// collection.
  struct Changed {
    let position: Int
    let id: Any?
    let old: Any?
    let new: Any
  }

  /// Whether elements are matched by id (an `IdentifiedArray`) rather than by position.
  var identified = true
  /// Whether the kept elements changed order (the collection is then replaced whole).
  var reordered = false
  var removed: [Removed] = []
  var changed: [Changed] = []
  /// The new position of the last kept element; a new element past it is appended.
  var lastKeptPosition = -1
}

/// Collections that can tell their changes against another of the same type without reflection.
protocol CollectionDiffing {
  /// The changes from `old`, or `nil` when `old` is not of the same type.
  func changes(from old: Any) -> CollectionChanges?
}

extension IdentifiedArray: CollectionDiffing where Element: Equatable {
  func changes(from old: Any) -> CollectionChanges? {
    guard let old = old as? Self else { return nil }
    var changes = CollectionChanges()
    if old.ids == self.ids {
      for position in self.indices where old[position] != self[position] {
        changes.changed.append(
          .init(position: position, id: self.ids[position], old: old[position], new: self[position])
        )
      }
      changes.lastKeptPosition = self.count - 1
      return changes
    }
    let kept = old.ids.filter { self.ids.contains($0) }
    let keptInNewOrder = self.ids.filter { old.ids.contains($0) }
    guard kept == keptInNewOrder else {
      changes.reordered = true
      return changes
    }
    for (id, element) in zip(old.ids, old.elements) where !self.ids.contains(id) {
      changes.removed.append(.init(id: id, element: element))
    }
    for (position, id) in self.ids.enumerated() {
      if let oldElement = old[id: id] {
        changes.lastKeptPosition = position
        if oldElement != self[position] {
          changes.changed.append(
            .init(position: position, id: id, old: oldElement, new: self[position]))
        }
      } else {
        changes.changed.append(.init(position: position, id: id, old: nil, new: self[position]))
      }
    }
    return changes
  }
}

extension Array: CollectionDiffing where Element: Equatable {
  func changes(from old: Any) -> CollectionChanges? {
    // NB: Identifiable elements are matched by id, as the trace's value diff does; that path
    // reflects, so only plain elements take this one.
    guard !(Element.self is any Identifiable.Type), let old = old as? Self else { return nil }
    var changes = CollectionChanges()
    changes.identified = false
    for position in 0..<Swift.min(old.count, self.count) where old[position] != self[position] {
      changes.changed.append(
        .init(position: position, id: nil, old: old[position], new: self[position]))
    }
    for position in old.count..<Swift.max(old.count, self.count) {
      changes.changed.append(.init(position: position, id: nil, old: nil, new: self[position]))
    }
    for position in (self.count..<Swift.max(old.count, self.count)).reversed() {
      changes.removed.append(.init(id: position, element: old[position]))
    }
    return changes
  }
}
