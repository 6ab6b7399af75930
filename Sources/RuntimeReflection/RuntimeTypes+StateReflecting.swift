import ComposableRuntime
import IdentifiedCollections
import StateReflection
import Trace

// The runtime's types that reflect into a trace in their own way, opted in here: the reflection
// module knows nothing of the runtime.

extension StackElementID: StateReflecting {
  /// A stack element id reads as its number, as `StackAction.element(id: 0, …)` writes it.
  public var reflectedScalar: TraceValue? { .int(Int64(self.generation)) }
}

extension PresentationState: StateReflecting {
  /// `@Presents var destination` stores `_destination`; the trace names it `destination`.
  public static var isPropertyWrapperStorage: Bool { true }
}

extension Shared: StateReflecting {
  /// A shared value reads as its current value, named after its property: `@Shared var count`
  /// stores `_count`, a reference; the trace has `count` and the number.
  public var reflectedValue: Any? { self.wrappedValue }
  public static var isPropertyWrapperStorage: Bool { true }
  /// The storage every `Shared` of one key shares, so that a recorder reads it as it was.
  public var reflectedReference: AnyObject? { self._root }
  public func reflectedValue(whenReferenceHolds referenceValue: Any) -> Any? {
    self._value(atRoot: referenceValue)
  }
}

extension SharedReader: StateReflecting {
  /// A shared reader reads as its current value, named after its property.
  public var reflectedValue: Any? { self.wrappedValue }
  public static var isPropertyWrapperStorage: Bool { true }
  /// The storage every `Shared` of one key shares, so that a recorder reads it as it was.
  public var reflectedReference: AnyObject? { self._root }
  public func reflectedValue(whenReferenceHolds referenceValue: Any) -> Any? {
    self._value(atRoot: referenceValue)
  }
}

/// Identified arrays tell their changes by id without reflection.
extension IdentifiedArray: CollectionDiffing where Element: Equatable {
  package func changes(from old: Any) -> CollectionChanges? {
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
