import Foundation
import GRDB
import TestSupport
import Testing

/// Bad input gets one line on standard error that says what was expected and what was found,
/// exit status 2, and nothing on standard output.
@Suite struct BadInputTests {
  static let trace = "Recordings/demo-v1.sqlite"

  /// A copy of the demo trace (or other bytes) in a fresh temporary folder.
  static func temporaryFile(_ name: String, bytes: Data? = nil) throws -> String {
    let folder = temporaryFolder("tca-replay-cli")
    let path = folder.appendingPathComponent(name).path
    let data =
      try bytes ?? Data(contentsOf: ToolRun.packageRoot.appendingPathComponent(Self.trace))
    try data.write(to: URL(fileURLWithPath: path))
    return path
  }

  func expectOneLineError(
    _ arguments: [String], containing parts: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let run = try ToolRun(arguments)
    #expect(run.status == 2, sourceLocation: sourceLocation)
    #expect(run.output == "", sourceLocation: sourceLocation)
    #expect(run.errors.hasPrefix("tca-replay: "), sourceLocation: sourceLocation)
    #expect(run.errors.hasSuffix("\n"), sourceLocation: sourceLocation)
    #expect(
      run.errors.dropLast().contains("\n") == false, "one line: \(run.errors)",
      sourceLocation: sourceLocation)
    for part in parts {
      #expect(
        run.errors.contains(part), "\(run.errors) names \(part)", sourceLocation: sourceLocation)
    }
  }

  @Test func missingFile() throws {
    try expectOneLineError(
      ["info", "nowhere.sqlite"], containing: ["nowhere.sqlite", "found no file"])
  }

  @Test func fileThatIsNotSQLite() throws {
    let path = try Self.temporaryFile("notes.sqlite", bytes: Data("just some notes\n".utf8))
    try expectOneLineError(["log", path], containing: ["expected a tca-replay trace", "not one"])
  }

  @Test func truncatedTrace() throws {
    let whole = try Data(contentsOf: ToolRun.packageRoot.appendingPathComponent(Self.trace))
    let path = try Self.temporaryFile("truncated.sqlite", bytes: whole.prefix(whole.count / 3))
    let run = try ToolRun(["show", path, "40"])
    #expect(run.status == 2)
    #expect(run.errors.hasPrefix("tca-replay: \(path): expected"))
    #expect(run.errors.filter { $0 == "\n" }.count == 1)
  }

  @Test func sqliteDatabaseThatIsNotATrace() throws {
    let path = try Self.temporaryFile("other.sqlite", bytes: Data())
    try FileManager.default.removeItem(atPath: path)
    let queue = try DatabaseQueue(path: path)
    try queue.write { try $0.execute(sql: "CREATE TABLE recipes (name TEXT)") }
    try queue.close()
    try expectOneLineError(["info", path], containing: ["found an SQLite database", "recipes"])
  }

  @Test func traceFromANewerSchema() throws {
    let path = try Self.temporaryFile("newer.sqlite")
    let queue = try DatabaseQueue(path: path)
    try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = 99") }
    try queue.close()
    try expectOneLineError(["info", path], containing: ["99", "newer"])
  }

  @Test func seqOutOfRange() throws {
    try expectOneLineError(["show", Self.trace, "46"], containing: ["0", "45", "found 46"])
    try expectOneLineError(["diff", Self.trace, "--", "-1"], containing: ["found -1"])
    try expectOneLineError(["scopes", Self.trace, "1000"], containing: ["found 1000"])
    try expectOneLineError(["effects", Self.trace, "--alive-at", "50"], containing: ["found 50"])
  }

  @Test func malformedPath() throws {
    try expectOneLineError(["changes", Self.trace, "todos[id: "], containing: ["todos[id: "])
    try expectOneLineError(
      ["show", Self.trace, "3", "--path", "counter..count"], containing: ["counter..count"])
  }

  @Test func pathWithNoValue() throws {
    try expectOneLineError(
      ["show", Self.trace, "3", "--path", "settings"], containing: ["settings", "counter"])
  }

  @Test func wrongFlagsAndArguments() throws {
    try expectOneLineError(["log", Self.trace, "--bogus"], containing: ["--bogus"])
    try expectOneLineError(["log", Self.trace, "--origin", "mail"], containing: ["mail"])
    try expectOneLineError(["log", Self.trace, "--limit", "many"], containing: ["many"])
    try expectOneLineError(["show", Self.trace], containing: ["<seq>"])
    try expectOneLineError(["frobnicate"], containing: ["frobnicate"])
  }

  @Test func openWithoutATerminal() throws {
    // ToolRun gives the tool no terminal: standard input is /dev/null, the outputs pipes.
    try expectOneLineError(
      ["open", Self.trace], containing: ["open needs a terminal", "a pipe or a file"])
    try expectOneLineError(
      ["open", Self.trace, "--at", "46"], containing: ["--at", "1 to 45", "found 46"])
    try expectOneLineError(["open", "nowhere.sqlite"], containing: ["found no file"])
  }

  @Test func helpIsNotAnError() throws {
    let run = try ToolRun(["--help"])
    #expect(run.status == 0)
    #expect(run.output.contains("SUBCOMMANDS:"))
    #expect(run.errors == "")
  }
}
