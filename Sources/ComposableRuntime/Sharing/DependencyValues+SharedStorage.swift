extension DependencyValues {
  /// Gives shared keys storage of their own, seen by nothing else: a fresh in-memory suite for
  /// `.appStorage`, memory for `.fileStorage` and `.inMemory`, and keys shared by no one outside.
  ///
  /// What a replay decodes recorded states and runs with, so that putting back a recorded setting
  /// never writes the app's own `UserDefaults` or files.
  ///
  /// ```swift
  /// withDependencies { $0.isolateSharedStorage() } operation: { … }
  /// ```
  package mutating func isolateSharedStorage() {
    self.defaultAppStorage = .inMemory
    self.defaultFileStorage = .inMemory
    self.defaultInMemoryStorage = InMemoryStorage()
    self[PersistentReferences.self] = PersistentReferences()
  }
}
