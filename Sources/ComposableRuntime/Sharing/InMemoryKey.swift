import ConcurrencyExtras
import Dependencies
import Foundation
import IssueReporting

extension SharedReaderKey {
  /// A value kept in memory under `key` for as long as the app runs, shared by every feature that
  /// declares it.
  ///
  /// ```swift
  /// @Shared(.inMemory("user")) var user: User?
  /// ```
  public static func inMemory<Value>(_ key: String) -> Self where Self == InMemoryKey<Value> {
    InMemoryKey(key)
  }
}

/// The key of ``SharedReaderKey/inMemory(_:)``: a name in the ``InMemoryStorage`` of the
/// `defaultInMemoryStorage` dependency.
///
/// ```swift
/// let key: InMemoryKey<Int> = .inMemory("count")
/// ```
public struct InMemoryKey<Value: Sendable>: SharedKey {
  private let key: String
  private let storage: InMemoryStorage

  init(_ key: String) {
    @Dependency(\.defaultInMemoryStorage) var storage
    self.key = key
    self.storage = storage
  }

  /// The name and the storage: keys of one name in one storage share a value.
  public var id: InMemoryKeyID { InMemoryKeyID(key: self.key, storage: self.storage) }

  /// Loads the value stored under the name, storing the initial value when there is none.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    continuation.resume(
      with: .success(self.storage.value(forKey: self.key, default: context.initialValue)))
  }

  /// Nothing changes an in-memory value from outside the app.
  public func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>)
    -> SharedSubscription
  {
    SharedSubscription {}
  }

  /// Stores the value under the name.
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    self.storage.setValue(value, forKey: self.key)
    continuation.resume()
  }
}

extension InMemoryKey: ImmediateSharedKey {
  func saveImmediately(_ value: Value) {
    self.storage.setValue(value, forKey: self.key)
  }

  // NB: While a `Shared` of the key lives, every declaration of it gets the same reference, so
  // the storage is read only once the last one is released: saving then, not on every change,
  // takes a lock and a dictionary write off each change.
  var savesOnRelease: Bool { true }
}

extension InMemoryKey: CustomStringConvertible {
  /// `.inMemory("count")`.
  public var description: String { ".inMemory(\(String(reflecting: self.key)))" }
}

/// What makes two ``InMemoryKey``s share a value.
public struct InMemoryKeyID: Hashable, Sendable {
  let key: String
  let storage: InMemoryStorage
}

/// Where in-memory shared values live; each test gets its own.
///
/// ```swift
/// withDependencies { $0.defaultInMemoryStorage = InMemoryStorage() } operation: { … }
/// ```
public struct InMemoryStorage: Hashable, Sendable {
  private let values = Values()

  /// Makes an empty storage.
  public init() {}

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.values === rhs.values }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self.values)) }

  func value<Value: Sendable>(forKey key: String, default defaultValue: Value?) -> Value? {
    self.values.storage.withValue { storage in
      switch storage[key] {
      case let value as Value:
        return value
      case .some(let other):
        // NB: Not overwritten: the value belongs to the declarations of the other type.
        reportIssue(
          """
          .inMemory(\(String(reflecting: key))) holds a \(type(of: other)), not a \(Value.self); \
          this declaration starts from its default instead.
          """)
        return nil
      case .none:
        if let defaultValue { storage[key] = defaultValue }
        return nil
      }
    }
  }

  func setValue<Value: Sendable>(_ value: Value, forKey key: String) {
    self.values.storage.withValue { $0[key] = value }
  }

  private final class Values: Sendable {
    let storage = LockIsolated<[String: any Sendable]>([:])
  }
}

private enum DefaultInMemoryStorageKey: DependencyKey {
  static var liveValue: InMemoryStorage { InMemoryStorage() }
  static var testValue: InMemoryStorage { InMemoryStorage() }
}

extension DependencyValues {
  /// The storage of `.inMemory` keys: one for the app, a fresh one for each test.
  ///
  /// ```swift
  /// TestStore(initialState: Feature.State()) { Feature() } withDependencies: {
  ///   $0.defaultInMemoryStorage = sharedStorage
  /// }
  /// ```
  public var defaultInMemoryStorage: InMemoryStorage {
    get { self[DefaultInMemoryStorageKey.self] }
    set { self[DefaultInMemoryStorageKey.self] = newValue }
  }
}
