import Atomics

/// The values a recorder's threads read shared values as: those they held when the event being
/// processed was recorded, not the live ones.
///
/// NB: A shared value is a reference, so by the time a recorder reflects or encodes a state, its
/// storage may hold a later value. While a lookup is in effect on a thread
/// (``withLookup(_:_:)``), a `Shared` read on that thread reads what the lookup gives for its
/// storage (through its projection, if any), or its live value when the lookup gives `nil`. Other
/// threads are not affected; while no lookup is in effect anywhere, a read pays one atomic load.
package enum SharedValueOverride {
  package static let active = ManagedAtomic(0)
  @TaskLocal package static var lookup: (@Sendable (AnyObject) -> Any?)?

  /// Runs `body` with shared values read through `lookup` on this thread.
  package static func withLookup<R>(
    _ lookup: @escaping @Sendable (AnyObject) -> Any?, _ body: () throws -> R
  ) rethrows -> R {
    Self.active.wrappingIncrement(ordering: .relaxed)
    defer { Self.active.wrappingDecrement(ordering: .relaxed) }
    return try Self.$lookup.withValue(lookup, operation: body)
  }
}
