import Foundation

/// A fresh path named `name` in a new temporary folder, for a trace a test writes.
///
/// ```swift
/// let path = temporaryPath("trace.sqlite")
/// ```
public func temporaryPath(_ name: String = "trace.sqlite") -> String {
  temporaryFolder().appendingPathComponent(name).path
}

/// A fresh path for a trace named `name`.sqlite in a new temporary folder.
///
/// ```swift
/// let recorder = try Recorder(path: temporaryTracePath())
/// ```
public func temporaryTracePath(_ name: String = "trace") -> String {
  temporaryPath("\(name).sqlite")
}

/// A new empty folder under the system's temporary directory, named `prefix` and a UUID,
/// removed with everything in it when the test process exits.
public func temporaryFolder(_ prefix: String = "tca-replay-tests") -> URL {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("\(prefix)-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  TemporaryFolders.shared.add(folder)
  return folder
}

/// The folders tests made, removed at exit: thousands of runs must not fill `/tmp`.
final class TemporaryFolders: @unchecked Sendable {
  // NB: @unchecked: `folders` is read and written with `lock` held.
  static let shared = TemporaryFolders()
  private let lock = NSLock()
  private var folders: [URL] = []

  private init() {
    atexit { TemporaryFolders.shared.removeAll() }
  }

  func add(_ folder: URL) {
    self.lock.withLock { self.folders.append(folder) }
  }

  func removeAll() {
    let folders = self.lock.withLock { self.folders }
    for folder in folders { try? FileManager.default.removeItem(at: folder) }
  }
}
