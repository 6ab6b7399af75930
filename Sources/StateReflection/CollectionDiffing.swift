/// What changed between two collections of `Equatable` elements, found with typed comparisons
/// (`==` on ids and elements) so that only the changed elements are handed on to be reflected.
package struct CollectionChanges {
  /// An element that went away.
  package struct Removed {
    package let id: Any
    package let element: Any

    package init(id: Any, element: Any) {
      self.id = id
      self.element = element
    }
  }
  /// A kept element that changed, or a new one (`old == nil`), at its position in the new
  /// collection.
  package struct Changed {
    package let position: Int
    package let id: Any?
    package let old: Any?
    package let new: Any

    package init(position: Int, id: Any?, old: Any?, new: Any) {
      self.position = position
      self.id = id
      self.old = old
      self.new = new
    }
  }

  /// Whether elements are matched by id (an `IdentifiedArray`) rather than by position.
  package var identified = true
  /// Whether the kept elements changed order (the collection is then replaced whole).
  package var reordered = false
  package var removed: [Removed] = []
  package var changed: [Changed] = []
  /// The new position of the last kept element; a new element past it is appended.
  package var lastKeptPosition = -1

  package init() {}
}

/// Collections that can tell their changes against another of the same type without reflection.
///
/// Collections of other modules opt in where both are known (the recorder conforms
/// `IdentifiedArray`); a collection that does not is diffed by reflection, with the same result.
package protocol CollectionDiffing {
  /// The changes from `old`, or `nil` when `old` is not of the same type.
  func changes(from old: Any) -> CollectionChanges?
}

extension Array: CollectionDiffing where Element: Equatable {
  package func changes(from old: Any) -> CollectionChanges? {
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
