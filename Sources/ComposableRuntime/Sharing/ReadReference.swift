/// The reference of a read-only view of another: `$reader.member`, `$shared.read { … }`.
final class ReadReference<Base: SharedReference, Value>: SharedReference, @unchecked Sendable {
  // NB: @unchecked: the closure is `@Sendable` or reads through an immutable key path.
  private let base: Base
  private let step: AnyHashable?
  private let body: (Base.Value) -> Value

  /// Reads `body` of the base's value; `step` names the read when two can be equal (a key path).
  init(base: Base, step: AnyHashable?, body: @escaping (Base.Value) -> Value) {
    self.base = base
    self.step = step
    self.body = body
  }

  var root: AnyObject { self.base.root }
  func value(atRoot rootValue: Any) -> Value? { self.base.value(atRoot: rootValue).map(self.body) }
  var identity: AnyHashable {
    DerivedIdentity(
      base: self.base.identity, step: self.step ?? AnyHashable(ObjectIdentifier(self)))
  }
  var wrappedValue: Value { self.body(self.base.wrappedValue) }
  var isLoading: Bool { self.base.isLoading }
  var loadError: (any Error)? { self.base.loadError }
  func load() async throws { try await self.base.load() }

  /// The value the test asserts against, read through the base's snapshot.
  var snapshot: Value? { self.base.snapshot.map(self.body) }

  var description: String {
    "\(self.base.description)[read: \(self.step.map { "\($0)" } ?? "\(Value.self)")]"
  }
}
