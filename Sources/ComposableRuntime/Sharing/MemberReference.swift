/// The reference of `$shared.member`: a writable path into another reference's value.
final class MemberReference<Base: MutableSharedReference, Value>: MutableSharedReference,
  @unchecked Sendable
{
  // NB: @unchecked: key paths are immutable values, though not declared Sendable.
  let base: Base
  let path: WritableKeyPath<Base.Value, Value>

  init(base: Base, path: WritableKeyPath<Base.Value, Value>) {
    self.base = base
    self.path = path
  }

  var root: AnyObject { self.base.root }
  func value(atRoot rootValue: Any) -> Value? {
    self.base.value(atRoot: rootValue)?[keyPath: self.path]
  }
  var identity: AnyHashable { DerivedIdentity(base: self.base.identity, step: self.path) }
  var wrappedValue: Value { self.base.wrappedValue[keyPath: self.path] }
  var isLoading: Bool { self.base.isLoading }
  var loadError: (any Error)? { self.base.loadError }
  var saveError: (any Error)? { self.base.saveError }
  func load() async throws { try await self.base.load() }
  func save() async throws { try await self.base.save() }

  var snapshot: Value? { self.base.snapshot?[keyPath: self.path] }

  func takeSnapshot(_ value: Value, at location: SourceLocation) {
    var snapshot = self.base.snapshot ?? self.base.wrappedValue
    snapshot[keyPath: self.path] = value
    self.base.takeSnapshot(snapshot, at: location)
  }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try self.base.withLock { try body(&$0[keyPath: self.path]) }
  }

  var description: String { "\(self.base.description)[dynamicMember: \(self.path)]" }
}
