import Foundation
import TestSupport
import Testing

/// A trace whose bytes are damaged or cut short is called what it is, an SQLite database SQLite
/// cannot read, with SQLite's result code; a file that is no database at all is still called
/// that. Each is one line on standard error and exit status 2, whatever the command.
@Suite struct DamagedTraceTests {
  static let commands: [[String]] = [
    ["info"], ["log"], ["show", "TRACE", "3"], ["diff", "TRACE", "3"], ["effects"],
    ["changes", "TRACE", "counter.count"], ["scopes", "TRACE", "3"], ["profile"],
  ]

  /// The first `count` bytes of the v3 demo trace, in a fresh temporary file.
  static func truncated(to count: Int) throws -> String {
    let whole = try Data(
      contentsOf: ToolRun.packageRoot.appendingPathComponent("Recordings/demo-v3.sqlite"))
    let path = temporaryFolder("tca-replay-damaged").appendingPathComponent("t.sqlite").path
    try whole.prefix(count).write(to: URL(fileURLWithPath: path))
    return path
  }

  static func arguments(_ command: [String], path: String) -> [String] {
    command.count == 1 ? command + [path] : command.map { $0 == "TRACE" ? path : $0 }
  }

  @Test func traceCutShortInItsPages() throws {
    for count in [50, 100, 4096, 20_000, 50_000] {
      let path = try Self.truncated(to: count)
      for command in Self.commands {
        try expectRun(
          Self.arguments(command, path: path), status: 2, output: "",
          errors: "tca-replay: \(path): expected a readable tca-replay trace, found an SQLite "
            + "database whose pages are damaged or cut short (SQLITE_CORRUPT)\n")
      }
    }
  }

  @Test func traceWithADamagedHeader() throws {
    var bytes = try Data(contentsOf: URL(fileURLWithPath: Self.truncated(to: 30_000)))
    // The page size, at offset 16, set to 3: no power of two SQLite accepts.
    bytes.replaceSubrange(16..<18, with: [0, 3])
    let path = temporaryFolder("tca-replay-damaged").appendingPathComponent("h.sqlite").path
    try bytes.write(to: URL(fileURLWithPath: path))
    try expectRun(
      ["info", path], status: 2, output: "",
      errors: "tca-replay: \(path): expected a readable tca-replay trace, found an SQLite "
        + "database whose header is damaged or cut short (SQLITE_NOTADB)\n")
  }

  @Test func fileThatIsNoDatabase() throws {
    let path = temporaryFolder("tca-replay-damaged").appendingPathComponent("notes.sqlite").path
    try Data("just some notes, long enough to be read as a header by SQLite\n".utf8)
      .write(to: URL(fileURLWithPath: path))
    try expectRun(
      ["info", path], status: 2, output: "",
      errors: "tca-replay: \(path): expected a tca-replay trace (an SQLite database), found a "
        + "file that is not one\n")
  }
}
