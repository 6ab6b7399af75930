import Foundation

/// The reference of `Shared(value:)`: a value in a box, shared by every copy of the `Shared`.
final class BoxReference<Value>: MutableSharedReference, @unchecked Sendable {
  // NB: @unchecked: `value` is only touched under `lock`.
  private let lock = NSRecursiveLock()
  // NB: Not checked for exclusive access: an operation passed to `withLock` may read the value it
  // is changing, through this reference or one derived from it (`$syncUps.withLock { _ =
  // $0.remove(id: state.syncUp.id) }`, with `syncUp` derived from `$syncUps[id:]`), and reads
  // it as it stands. The lock, recursive, still keeps other threads out.
  @exclusivity(unchecked) private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  var root: AnyObject { self }
  func value(atRoot rootValue: Any) -> Value? { rootValue as? Value }
  var identity: AnyHashable { ObjectIdentifier(self) }
  var wrappedValue: Value { self.lock.withLock { self.value } }
  var isLoading: Bool { false }
  var loadError: (any Error)? { nil }
  var saveError: (any Error)? { nil }
  func load() async throws {}
  func save() async throws {}

  var snapshot: Value? { SharedSnapshots.current.snapshot(of: self) }

  func takeSnapshot(_ value: Value, at location: SourceLocation) {
    SharedSnapshots.current.save(value, of: self, at: location)
  }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try self.lock.withLock { try body(&self.value) }
  }

  var description: String { "value: \(String(reflecting: self.wrappedValue))" }
}

extension BoxReference: SharedRoot {
  var currentValue: Any { self.wrappedValue }
  var keyName: String { "Shared(value:)" }

  func replaceValue(decodingJSON data: Data) throws {
    let value = try self.decode(Value.self, from: data)
    Shared(reference: self).withLock { $0 = value }
  }
}
