import Foundation

/// A fresh path named `name` in a new temporary folder, for a trace a test writes.
///
/// ```swift
/// let path = temporaryPath("trace.sqlite")
/// ```
public func temporaryPath(_ name: String = "trace.sqlite") -> String {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("tca-replay-tests-\(UUID().uuidString)")
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder.appendingPathComponent(name).path
}
