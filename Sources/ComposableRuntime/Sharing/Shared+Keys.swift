import Dependencies

extension Shared {
  /// Shares the value stored under `key`, or `wrappedValue` when nothing is stored there yet.
  ///
  /// ```swift
  /// @Shared(.appStorage("count")) var count = 0
  /// @Shared(.fileStorage(.documentsDirectory.appending(path: "items.json")))
  /// var items: [Item] = []
  /// ```
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    self.init(reference: persistentReference(key, default: wrappedValue, skipInitialLoad: false))
  }

  /// Shares an optional value stored under `key`, `nil` when nothing is stored there.
  ///
  /// ```swift
  /// @Shared(.inMemory("user")) var user: User?
  /// ```
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// Shares the value stored under `key`, failing if the key has none or cannot load it.
  ///
  /// ```swift
  /// let settings = try await Shared(require: .fileStorage(settingsURL))
  /// ```
  public init(require key: some SharedKey<Value>) async throws {
    let loaded = try await loadValue(of: key)
    guard let loaded else { throw SharedLoadError.noValue(key: "\(key)") }
    self.init(reference: persistentReference(key, default: { loaded }, skipInitialLoad: true))
    if let error = self.loadError { throw error }
  }

  /// Moves this `Shared`, and every copy of it, to the value stored under `key`, then loads it.
  ///
  /// The current value is the key's value until the load says otherwise.
  ///
  /// ```swift
  /// try await state.$document.load(.fileStorage(url))
  /// ```
  public func load(_ key: some SharedKey<Value>) async throws {
    let current = self.wrappedValue
    self.projectedValue = Shared(
      reference: persistentReference(key, default: { current }, skipInitialLoad: true))
    try await self.load()
  }
}

/// Why `Shared(require:)` failed.
///
/// ```swift
/// do { _ = try await Shared(require: .inMemory("missing") as InMemoryKey<Int>) }
/// catch SharedLoadError.noValue { … }
/// ```
public enum SharedLoadError: Error, Equatable {
  /// The key holds no value.
  case noValue(key: String)
}

/// The shared reference of `key`, or a reference of its own when the key is in use with another
/// type of value (an issue is then reported).
func persistentReference<Key: SharedKey>(
  _ key: Key, default defaultValue: () -> Key.Value, skipInitialLoad: Bool
) -> any MutableSharedReference<Key.Value> {
  @Dependency(PersistentReferences.self) var references
  return references.reference(forKey: key, default: defaultValue, skipInitialLoad: skipInitialLoad)
    ?? BoxReference(defaultValue())
}

/// The shared reference of a read-only `key`.
func persistentReaderReference<Key: SharedReaderKey>(
  _ key: Key, default defaultValue: () -> Key.Value, skipInitialLoad: Bool
) -> any SharedReference<Key.Value> {
  @Dependency(PersistentReferences.self) var references
  return references.reference(forKey: key, default: defaultValue, skipInitialLoad: skipInitialLoad)
    ?? BoxReference(defaultValue())
}

/// Loads the value of `key` once, as `Shared(require:)` needs it.
func loadValue<Key: SharedReaderKey>(of key: Key) async throws -> Key.Value? {
  try await withUnsafeThrowingContinuation { continuation in
    key.load(
      context: .userInitiated,
      continuation: LoadContinuation("\(key)") { continuation.resume(with: $0) })
  }
}
