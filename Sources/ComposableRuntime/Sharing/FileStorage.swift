import ConcurrencyExtras
import Dependencies
import Foundation

/// Where `.fileStorage` keys read and write their files, and the clock that paces their writes.
///
/// The app uses the file system; each test gets an in-memory one of its own, so a test never
/// touches a real file unless it asks to. A test of write pacing gives it a `TestClock`:
///
/// ```swift
/// let clock = TestClock()
/// withDependencies { $0.defaultFileStorage = .inMemory(clock: clock) } operation: { … }
/// ```
public struct FileStorage: Hashable, Sendable {
  private let token = Token()
  let fileExists: @Sendable (URL) -> Bool
  let load: @Sendable (URL) throws -> Data
  let save: @Sendable (Data, URL) throws -> Void
  let moveAside: @Sendable (URL) throws -> URL
  /// Waits out the pause between writes; `nil` writes every change at once.
  let sleep: (@Sendable (Duration) async throws -> Void)?

  /// The file system, with writes paced by the continuous clock.
  ///
  /// ```swift
  /// prepareDependencies { $0.defaultFileStorage = .fileSystem }
  /// ```
  public static var fileSystem: Self { .fileSystem(clock: ContinuousClock()) }

  /// The file system, with writes paced by `clock`.
  ///
  /// ```swift
  /// $0.defaultFileStorage = .fileSystem(clock: TestClock())
  /// ```
  public static func fileSystem(clock: some Clock<Duration>) -> Self {
    Self(
      fileExists: { FileManager.default.fileExists(atPath: $0.path) },
      load: { try Data(contentsOf: $0) },
      save: { data, url in
        try FileManager.default.createDirectory(
          at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url, options: .atomic)
      },
      moveAside: { url in
        let aside = Self.asideURL(for: url) { FileManager.default.fileExists(atPath: $0.path) }
        try FileManager.default.moveItem(at: url, to: aside)
        return aside
      },
      sleep: { try await clock.sleep(for: $0) })
  }

  /// Files kept in memory, written at every change: what each test uses unless it says otherwise.
  ///
  /// ```swift
  /// $0.defaultFileStorage = .inMemory
  /// ```
  public static var inMemory: Self { .inMemory(files: LockIsolated([:]), sleep: nil) }

  /// Files kept in memory, with writes paced by `clock`, to test how writes are coalesced.
  ///
  /// ```swift
  /// $0.defaultFileStorage = .inMemory(clock: clock)
  /// ```
  public static func inMemory(clock: some Clock<Duration>) -> Self {
    .inMemory(files: LockIsolated([:]), sleep: { try await clock.sleep(for: $0) })
  }

  /// Files kept in `files`; `didSave` is told of every write, for tests that count them.
  static func inMemory(
    files: LockIsolated<[URL: Data]>,
    sleep: (@Sendable (Duration) async throws -> Void)?,
    didSave: (@Sendable (URL) -> Void)? = nil
  ) -> Self {
    Self(
      fileExists: { files.value[$0] != nil },
      load: { url in
        guard let data = files.value[url] else { throw CocoaError(.fileReadNoSuchFile) }
        return data
      },
      save: { data, url in
        files.withValue { $0[url] = data }
        didSave?(url)
      },
      moveAside: { url in
        try files.withValue { files in
          guard let data = files[url] else { throw CocoaError(.fileNoSuchFile) }
          let aside = Self.asideURL(for: url) { files[$0] != nil }
          files[aside] = data
          files[url] = nil
          return aside
        }
      },
      sleep: sleep)
  }

  /// `items.json.unreadable`, or `items.json.unreadable-2` and so on when that is taken.
  static func asideURL(for url: URL, isTaken: (URL) -> Bool) -> URL {
    let name = url.lastPathComponent + ".unreadable"
    var aside = url.deletingLastPathComponent().appendingPathComponent(name)
    var number = 2
    while isTaken(aside) {
      aside = url.deletingLastPathComponent().appendingPathComponent("\(name)-\(number)")
      number += 1
    }
    return aside
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.token === rhs.token }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self.token)) }

  private final class Token: Sendable {}
}

private enum DefaultFileStorageKey: DependencyKey {
  static var liveValue: FileStorage { .fileSystem }
  static var testValue: FileStorage { .inMemory }
}

extension DependencyValues {
  /// Where `.fileStorage` keys keep their files: the file system in the app, memory in each test.
  ///
  /// ```swift
  /// TestStore(initialState: Feature.State()) { Feature() } withDependencies: {
  ///   $0.defaultFileStorage = .inMemory(clock: clock)
  /// }
  /// ```
  public var defaultFileStorage: FileStorage {
    get { self[DefaultFileStorageKey.self] }
    set { self[DefaultFileStorageKey.self] = newValue }
  }
}
