// What a recorder reads of a shared value without going through its live value: the storage it
// belongs to, and what it reads when that storage holds a value recorded earlier.

extension Shared {
  /// The storage this value belongs to: the same object for every `Shared` of one key or box.
  package var _root: AnyObject { self.reference.root }

  /// Whether this `Shared` reads its storage's whole value, rather than a part derived from it.
  package var _isRoot: Bool { self.reference === self.reference.root }

  /// What this `Shared` reads when its storage holds `rootValue` (a projection reads its member).
  package func _value(atRoot rootValue: Any) -> Value? {
    self.reference.value(atRoot: rootValue)
  }
}

extension SharedReader {
  /// The storage this value belongs to: the same object for every `Shared` of one key or box.
  package var _root: AnyObject { self.reference.root }

  /// What this reader reads when its storage holds `rootValue`.
  package func _value(atRoot rootValue: Any) -> Value? {
    self.reference.value(atRoot: rootValue)
  }
}
