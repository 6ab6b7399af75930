import Foundation
import GRDB
import TestSupport
import Testing
import TraceMutations
import TraceTestSupport

/// `tca-replay profile` and `export` given what is not a good trace, or a wrong flag: the built
/// binary prints one line on standard error, nothing on standard output, and exits 2.
@Suite struct ProfileBadInputTests {
  static let demo = "Recordings/demo-v1.sqlite"

  func expectOneLineError(
    _ arguments: [String], containing parts: [String],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let run = try ToolRun(arguments)
    #expect(run.status == 2, "\(arguments)", sourceLocation: sourceLocation)
    #expect(run.output == "", "\(arguments)", sourceLocation: sourceLocation)
    #expect(run.errors.hasPrefix("tca-replay: "), "\(run.errors)", sourceLocation: sourceLocation)
    #expect(
      run.errors.filter { $0 == "\n" }.count == 1, "\(run.errors)", sourceLocation: sourceLocation)
    for part in parts {
      #expect(run.errors.contains(part), "\(run.errors)", sourceLocation: sourceLocation)
    }
  }

  func output(_ name: String) -> String {
    temporaryTracePath(name).replacingOccurrences(of: ".sqlite", with: ".out")
  }

  @Test func missingForeignAndNonTraceFiles() throws {
    let foreign = temporaryTracePath("foreign")
    try Data("not a database\n".utf8).write(to: URL(fileURLWithPath: foreign))
    let other = temporaryTracePath("other")
    let queue = try DatabaseQueue(path: other)
    try queue.write { try $0.execute(sql: "CREATE TABLE recipes (name TEXT)") }
    try queue.close()
    let notSQLite = "expected a tca-replay trace (an SQLite database), found a file that is not one"
    for command in [
      ["profile"], ["profile", "--json"], ["export", "--chrome-trace", output("x")],
    ] {
      let head = Array(command.prefix(1))
      let tail = Array(command.dropFirst())
      try expectOneLineError(
        head + ["missing.sqlite"] + tail,
        containing: ["missing.sqlite: expected a tca-replay trace, found no file"])
      try expectOneLineError(head + [foreign] + tail, containing: [foreign, notSQLite])
      try expectOneLineError(
        head + [other] + tail, containing: [other, "found an SQLite database", "recipes"])
    }
    try expectOneLineError(
      ["profile", Self.demo, "--baseline", foreign], containing: [foreign, notSQLite])
  }

  @Test func wrongFlags() throws {
    try expectOneLineError(["profile", Self.demo, "--bogus"], containing: ["'--bogus'"])
    try expectOneLineError(["profile", Self.demo, "--top", "many"], containing: ["'many'"])
    try expectOneLineError(["profile"], containing: ["Missing expected argument"])
    try expectOneLineError(
      ["export", Self.demo, "--chrome-trace", output("x"), "--json"], containing: ["'--json'"])
    try expectOneLineError(["export", "--chrome-trace", output("x")], containing: ["Missing"])
  }

  /// Damaged copies of the demo trace: a NULL, text or an impossible time where the format has
  /// an integer. The reports stop with the trace's path and what was found.
  @Test(arguments: [
    TraceMutation.setColumn(table: "actions", column: "duration_ns", every: 3, value: "NULL"),
    .setColumn(table: "actions", column: "start_ns", every: 3, value: "-1"),
    .setColumn(table: "effects", column: "id", every: 2, value: "9223372036854775807"),
    .setColumn(table: "effects", column: "start_ns", every: 2, value: "NULL"),
    .setColumn(table: "scopes", column: "self_ns", every: 1, value: "-5"),
    .dropTable("scopes"),
  ])
  func damagedTraces(_ mutation: TraceMutation) throws {
    let copy = try copyOfDemoTrace()
    try mutation.apply(to: copy)
    for command in [
      ["profile"], ["profile", "--json"], ["export", "--chrome-trace", output("x")],
    ] {
      try expectOneLineError(
        Array(command.prefix(1)) + [copy] + Array(command.dropFirst()),
        containing: [copy, "expected a readable tca-replay trace, found"])
    }
  }

  /// A write that fails (a full disk) is reported as the output's problem, not as a damaged
  /// trace; and the device is written to, not replaced by a file.
  @Test func exportToAFullDisk() throws {
    func isDevice() throws -> Bool {
      try FileManager.default.attributesOfItem(atPath: "/dev/full")[.type] as? FileAttributeType
        == .typeCharacterSpecial
    }
    try #require(try isDevice(), "/dev/full is the Linux device that reports a full disk")
    try expectOneLineError(
      ["export", Self.demo, "--chrome-trace", "/dev/full"],
      containing: ["/dev/full: expected a file that can be written"])
    #expect(try isDevice())
  }
}
