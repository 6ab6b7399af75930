extension TraceValue {
  /// The path-level changes that turn `self` into `new`; ``apply(_:)-([DiffOperation])`` replays
  /// them, so `old.applying(old.diff(to: new)) == new`.
  ///
  /// Equal sub-values are skipped with `==` before anything else, so the work follows what
  /// changed. Where values differ:
  ///
  /// - **Objects** are compared field by field: a changed field is diffed in turn, a field only
  ///   in `self` is a `remove`, a field only in `new` an `insert`. An object with one field in
  ///   both whose names differ (an enum that changed case) is one `replace`, and so is an object
  ///   whose fields changed order or gained a field before one it kept (an insert appends).
  /// - **Identified arrays**, whose elements are all objects with distinct ``renderedID``s (on
  ///   both sides), are matched by id with `[id: …]` components: a removed id is a `remove`, a
  ///   kept id is diffed in turn. An added element is an `insert` at `[id: …]` when it comes
  ///   after every kept element (applying it appends), otherwise at `[n]`, its index in `new`.
  ///   If the kept ids changed order, the whole array is one `replace` instead of moves.
  /// - **Other arrays** are compared by index over their common length, then grow with inserts
  ///   at the new tail indices (ascending) or shrink with removes of the old tail (descending).
  /// - **Anything else** that differs, including a change of type, is a `replace`.
  ///
  /// Operations come in an order that applies in sequence: within an array or object, removes
  /// first, then changes and inserts in `new`'s order.
  ///
  /// ```swift
  /// let old = try TraceValue(jsonText: #"{"todos":[{"id":3,"isComplete":false}]}"#)
  /// let new = try TraceValue(jsonText: #"{"todos":[{"id":3,"isComplete":true}]}"#)
  /// old.diff(to: new).map(\.description)
  /// // ["replace todos[id: 3].isComplete false → true"]
  /// ```
  ///
  /// - Parameters:
  ///   - new: The value to change into.
  ///   - path: Where `self` sits, prefixed to every operation's path.
  public func diff(to new: TraceValue, at path: TracePath = TracePath()) -> [DiffOperation] {
    var operations: [DiffOperation] = []
    if self != new { self.appendDiff(to: new, at: path, into: &operations) }
    return operations
  }

  /// Appends the operations from `self` to `new`, which are known to differ by `==`.
  private func appendDiff(
    to new: TraceValue,
    at path: TracePath,
    into operations: inout [DiffOperation]
  ) {
    switch (self, new) {
    case let (.object(oldFields), .object(newFields)):
      if !Self.appendFieldDiffs(from: oldFields, to: newFields, at: path, into: &operations) {
        operations.append(.replace(path, old: self, new: new))
      }
    case let (.array(oldElements), .array(newElements)):
      if let oldIdentified = IdentifiedElements(oldElements),
        let newIdentified = IdentifiedElements(newElements)
      {
        let isDiffed = Self.appendIdentifiedDiffs(
          from: oldIdentified,
          to: newIdentified,
          at: path,
          into: &operations
        )
        if !isDiffed { operations.append(.replace(path, old: self, new: new)) }
      } else {
        Self.appendIndexedDiffs(from: oldElements, to: newElements, at: path, into: &operations)
      }
    case let (.double(old), .double(new)) where old.isNaN && new.isNaN:
      // NB: `==` says a NaN differs from itself; a diff that never settled would be useless.
      break
    default:
      operations.append(.replace(path, old: self, new: new))
    }
  }

  /// Appends field-level operations, or returns `false` if the change needs a whole `replace`.
  private static func appendFieldDiffs(
    from old: [Field],
    to new: [Field],
    at path: TracePath,
    into operations: inout [DiffOperation]
  ) -> Bool {
    // Same fields in the same order: a struct whose values changed.
    if old.count == new.count, zip(old, new).allSatisfy({ $0.name == $1.name }) {
      for (oldField, newField) in zip(old, new) where oldField.value != newField.value {
        oldField.value.appendDiff(
          to: newField.value,
          at: path.appending(.field(newField.name)),
          into: &operations
        )
      }
      return true
    }
    // An enum that changed case.
    if old.count == 1, new.count == 1 { return false }
    let oldPositions = Dictionary(
      old.enumerated().map { ($1.name, $0) },
      uniquingKeysWith: { first, _ in first }
    )
    let newNames = Set(new.lazy.map(\.name))
    guard oldPositions.count == old.count, newNames.count == new.count else { return false }
    // NB: An insert appends, so the kept fields must keep their order and come first.
    let keptInOldOrder = old.lazy.map(\.name).filter(newNames.contains)
    let newKeptPrefix = new.lazy.map(\.name).prefix { oldPositions[$0] != nil }
    guard keptInOldOrder.elementsEqual(newKeptPrefix) else { return false }

    for field in old where !newNames.contains(field.name) {
      operations.append(.remove(path.appending(.field(field.name)), old: field.value))
    }
    for field in new {
      let fieldPath = path.appending(.field(field.name))
      if let position = oldPositions[field.name] {
        let oldValue = old[position].value
        if oldValue != field.value {
          oldValue.appendDiff(to: field.value, at: fieldPath, into: &operations)
        }
      } else {
        operations.append(.insert(fieldPath, field.value))
      }
    }
    return true
  }

  /// An identified array's elements with their rendered ids and the position of each id.
  private struct IdentifiedElements {
    var elements: [TraceValue]
    var ids: [String] = []
    var positions: [String: Int] = [:]

    /// `nil` if some element has no id or two share one.
    init?(_ elements: [TraceValue]) {
      self.elements = elements
      self.ids.reserveCapacity(elements.count)
      self.positions.reserveCapacity(elements.count)
      for (position, element) in elements.enumerated() {
        guard let id = element.renderedID,
          self.positions.updateValue(position, forKey: id) == nil
        else { return nil }
        self.ids.append(id)
      }
    }
  }

  /// Appends id-level operations, or returns `false` if the kept ids changed order.
  private static func appendIdentifiedDiffs(
    from old: IdentifiedElements,
    to new: IdentifiedElements,
    at path: TracePath,
    into operations: inout [DiffOperation]
  ) -> Bool {
    let keptInOldOrder = old.ids.lazy.filter { new.positions[$0] != nil }
    let keptInNewOrder = new.ids.lazy.filter { old.positions[$0] != nil }
    guard keptInOldOrder.elementsEqual(keptInNewOrder) else { return false }

    for (id, element) in zip(old.ids, old.elements) where new.positions[id] == nil {
      operations.append(.remove(path.appending(.id(id)), old: element))
    }
    let lastKept = new.ids.lastIndex { old.positions[$0] != nil } ?? -1
    for (position, (id, element)) in zip(new.ids, new.elements).enumerated() {
      if let oldPosition = old.positions[id] {
        let oldElement = old.elements[oldPosition]
        if oldElement != element {
          oldElement.appendDiff(to: element, at: path.appending(.id(id)), into: &operations)
        }
      } else {
        // NB: Applied in this order, every element before `position` is already in place, so
        // an insert at `[position]` lands right; past the last kept element, appending does.
        let component: TracePath.Component = position > lastKept ? .id(id) : .index(position)
        operations.append(.insert(path.appending(component), element))
      }
    }
    return true
  }

  /// Appends index-level operations for arrays that are not identified collections.
  private static func appendIndexedDiffs(
    from old: [TraceValue],
    to new: [TraceValue],
    at path: TracePath,
    into operations: inout [DiffOperation]
  ) {
    let commonCount = min(old.count, new.count)
    for position in 0..<commonCount where old[position] != new[position] {
      old[position].appendDiff(
        to: new[position],
        at: path.appending(.index(position)),
        into: &operations
      )
    }
    for position in commonCount..<new.count {
      operations.append(.insert(path.appending(.index(position)), new[position]))
    }
    for position in (commonCount..<old.count).reversed() {
      operations.append(.remove(path.appending(.index(position)), old: old[position]))
    }
  }
}
