import ConcurrencyExtras
import Dependencies
import Foundation

/// The key of `.appStorage("name")`: a value in `UserDefaults`, under a name.
///
/// The store is the `defaultAppStorage` dependency unless one is given: `UserDefaults.standard`
/// in the app, and a fresh in-memory suite in each test. It holds the types `@AppStorage` holds:
/// `Bool`, `Int`, `Double`, `String`, `[String]`, `URL`, `Data`, `Date`, types raw-representable by
/// `Int` or `String`, and optionals of those (`nil` removes the value).
///
/// ```swift
/// @Shared(.appStorage("unit")) var unit = TemperatureUnit.celsius
/// @Shared(.appStorage("lastQuery")) var lastQuery: String?
/// ```
public struct AppStorageKey<Value: Sendable>: SharedKey {
  private let lookup: AppStorageLookup<Value>
  private let key: String
  private let store: UncheckedSendable<UserDefaults>

  init(_ key: String, store: UserDefaults?, lookup: AppStorageLookup<Value>) {
    @Dependency(\.defaultAppStorage) var defaultStore
    self.key = key
    self.store = UncheckedSendable(store ?? defaultStore)
    self.lookup = lookup
  }

  /// The name and the store: keys of one name in one store share a value.
  public var id: AppStorageKeyID {
    AppStorageKeyID(key: self.key, store: ObjectIdentifier(self.store.wrappedValue))
  }

  /// Loads the stored value; when there is none, stores the initial value and keeps it.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    let store = self.store.wrappedValue
    if let value = self.lookup.load(store, self.key) {
      continuation.resume(returning: value)
      return
    }
    if let initialValue = context.initialValue {
      self.lookup.save(initialValue, store, self.key)
    }
    continuation.resumeReturningInitialValue()
  }

  // NB: swift-sharing observes the store with key-value observation, which Foundation on Linux
  // lacks; a change written to the store by another process is seen at the next load.
  /// Changes from outside the app are read at the next load.
  public func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>)
    -> SharedSubscription
  {
    SharedSubscription {}
  }

  /// Stores the value under the name.
  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    self.lookup.save(value, self.store.wrappedValue, self.key)
    continuation.resume()
  }
}

extension AppStorageKey: ImmediateSharedKey {
  func saveImmediately(_ value: Value) {
    self.lookup.save(value, self.store.wrappedValue, self.key)
  }
}

extension AppStorageKey: CustomStringConvertible {
  /// `.appStorage("count")`.
  public var description: String { ".appStorage(\(String(reflecting: self.key)))" }
}

/// What makes two ``AppStorageKey``s share a value.
public struct AppStorageKeyID: Hashable, Sendable {
  let key: String
  let store: ObjectIdentifier
}

/// How a type of value is read from and written to `UserDefaults`.
struct AppStorageLookup<Value>: Sendable {
  let load: @Sendable (UserDefaults, String) -> Value?
  let save: @Sendable (Value, UserDefaults, String) -> Void
}

extension AppStorageLookup {
  /// A property-list value, stored as it is.
  static func propertyList(_ read: @escaping @Sendable (UserDefaults, String) -> Value?) -> Self {
    Self(load: read, save: { value, store, key in store.set(value, forKey: key) })
  }

  /// A value stored as its raw value.
  static func rawValue<Raw>(_ base: AppStorageLookup<Raw>) -> Self
  where Value: RawRepresentable, Value.RawValue == Raw {
    Self(
      load: { store, key in base.load(store, key).flatMap(Value.init(rawValue:)) },
      save: { value, store, key in base.save(value.rawValue, store, key) })
  }

  /// An optional of a stored type; `nil` removes the value.
  static func optional<Wrapped>(_ base: AppStorageLookup<Wrapped>) -> Self
  where Value == Wrapped? {
    Self(
      load: { store, key in base.load(store, key).map(Optional.some) },
      save: { value, store, key in
        if let value { base.save(value, store, key) } else { store.removeObject(forKey: key) }
      })
  }
}

extension AppStorageLookup where Value == Bool {
  static var bool: Self {
    .propertyList { store, key in store.object(forKey: key) == nil ? nil : store.bool(forKey: key) }
  }
}

extension AppStorageLookup where Value == Int {
  static var int: Self {
    .propertyList { store, key in
      store.object(forKey: key) == nil ? nil : store.integer(forKey: key)
    }
  }
}

extension AppStorageLookup where Value == Double {
  static var double: Self {
    .propertyList { store, key in
      store.object(forKey: key) == nil ? nil : store.double(forKey: key)
    }
  }
}

extension AppStorageLookup where Value == String {
  static var string: Self { .propertyList { store, key in store.string(forKey: key) } }
}

extension AppStorageLookup where Value == [String] {
  static var strings: Self { .propertyList { store, key in store.stringArray(forKey: key) } }
}

extension AppStorageLookup where Value == Data {
  static var data: Self { .propertyList { store, key in store.data(forKey: key) } }
}

extension AppStorageLookup where Value == Date {
  static var date: Self { .propertyList { store, key in store.object(forKey: key) as? Date } }
}

extension AppStorageLookup where Value == URL {
  static var url: Self {
    Self(
      load: { store, key in store.url(forKey: key) },
      save: { value, store, key in store.set(value, forKey: key) })
  }
}

private enum DefaultAppStorageKey: DependencyKey {
  static var liveValue: UncheckedSendable<UserDefaults> { UncheckedSendable(.standard) }
  static var testValue: UncheckedSendable<UserDefaults> { UncheckedSendable(.inMemory) }
}

extension DependencyValues {
  /// The store of `.appStorage` keys: `UserDefaults.standard` in the app, a fresh in-memory suite
  /// in each test.
  ///
  /// ```swift
  /// TestStore(initialState: Feature.State()) { Feature() } withDependencies: {
  ///   $0.defaultAppStorage = .inMemory
  /// }
  /// ```
  public var defaultAppStorage: UserDefaults {
    get { self[DefaultAppStorageKey.self].wrappedValue }
    set { self[DefaultAppStorageKey.self] = UncheckedSendable(newValue) }
  }
}

extension UserDefaults {
  /// A store of its own, seen by nothing else: what each test's `.appStorage` keys use.
  ///
  /// ```swift
  /// let defaults = UserDefaults.inMemory
  /// ```
  public static var inMemory: UserDefaults {
    // NB: A suite no one else names; only the values set in it are ever written anywhere.
    UserDefaults(suiteName: "tca-replay.Sharing.\(UUID().uuidString)")!
  }
}
