import Foundation

/// The reference of `Shared($optional)`: the wrapped value of another reference, remembering the
/// last one it saw so that a view reading it after it became `nil` still gets a value.
final class OptionalReference<Base: SharedReference, Value>: SharedReference, @unchecked Sendable
where Base.Value == Value? {
  // NB: @unchecked: `cached` is only touched under `lock`.
  let base: Base
  private let lock = NSRecursiveLock()
  private var cached: Value

  init(base: Base, initialValue: Value) {
    self.base = base
    self.cached = initialValue
  }

  var root: AnyObject { self.base.root }
  func value(atRoot rootValue: Any) -> Value? {
    guard let optional = self.base.value(atRoot: rootValue) else { return nil }
    return optional ?? self.lock.withLock { self.cached }
  }
  var identity: AnyHashable { DerivedIdentity(base: self.base.identity, step: "!") }
  var isLoading: Bool { self.base.isLoading }
  var loadError: (any Error)? { self.base.loadError }
  func load() async throws { try await self.base.load() }

  var wrappedValue: Value {
    guard let value = self.base.wrappedValue else { return self.lock.withLock { self.cached } }
    self.lock.withLock { self.cached = value }
    return value
  }

  var snapshot: Value? { self.base.snapshot ?? nil }

  var description: String { "\(self.base.description)!" }
}

extension OptionalReference: MutableSharedReference where Base: MutableSharedReference {
  var saveError: (any Error)? { self.base.saveError }
  func save() async throws { try await self.base.save() }

  func takeSnapshot(_ value: Value, at location: SourceLocation) {
    guard self.base.wrappedValue != nil else { return }
    self.base.takeSnapshot(value, at: location)
  }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    try self.base.withLock { optional in
      // NB: As in swift-sharing, writing through a reference whose value became `nil` changes
      // only the remembered value: the optional stays `nil`.
      guard var value = optional else { return try self.lock.withLock { try body(&self.cached) } }
      defer {
        optional = value
        self.lock.withLock { self.cached = value }
      }
      return try body(&value)
    }
  }
}
