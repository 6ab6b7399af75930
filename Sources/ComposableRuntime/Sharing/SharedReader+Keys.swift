extension SharedReader {
  /// Reads the value stored under `key`, or `wrappedValue` when nothing is stored there yet.
  ///
  /// ```swift
  /// @SharedReader(.appStorage("unit")) var unit = TemperatureUnit.celsius
  /// ```
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedReaderKey<Value>) {
    self.init(
      reference: persistentReaderReference(key, default: wrappedValue, skipInitialLoad: false))
  }

  /// Reads the value stored under a key that could also be written, as `@Shared` would.
  ///
  /// ```swift
  /// @SharedReader(.inMemory("count")) var count = 0
  /// ```
  @_disfavoredOverload
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    // NB: Through the writable reference, so that a reader and a `Shared` of one key share it.
    self.init(
      reference: persistentReference(key, default: wrappedValue, skipInitialLoad: false))
  }

  /// Reads an optional value stored under `key`, `nil` when nothing is stored there.
  ///
  /// ```swift
  /// @SharedReader(.inMemory("user")) var user: User?
  /// ```
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedReaderKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// Reads an optional value stored under a writable key.
  ///
  /// ```swift
  /// @SharedReader(.inMemory("user")) var user: User?
  /// ```
  @_disfavoredOverload
  public init<Wrapped>(_ key: some SharedKey<Value>) where Value == Wrapped? {
    self.init(wrappedValue: nil, key)
  }

  /// Reads the value stored under `key`, failing if the key has none or cannot load it.
  ///
  /// ```swift
  /// let unit = try await SharedReader(require: .appStorage("unit") as AppStorageKey<String>)
  /// ```
  public init(require key: some SharedReaderKey<Value>) async throws {
    let loaded = try await loadValue(of: key)
    guard let loaded else { throw SharedLoadError.noValue(key: "\(key)") }
    self.init(
      reference: persistentReaderReference(key, default: { loaded }, skipInitialLoad: true))
    if let error = self.loadError { throw error }
  }

  /// Moves this reader, and every copy of it, to the value stored under `key`, then loads it.
  ///
  /// ```swift
  /// try await state.$unit.load(.appStorage("unit"))
  /// ```
  public func load(_ key: some SharedReaderKey<Value>) async throws {
    let current = self.wrappedValue
    self.projectedValue = SharedReader(
      reference: persistentReaderReference(key, default: { current }, skipInitialLoad: true))
    try await self.load()
  }
}
