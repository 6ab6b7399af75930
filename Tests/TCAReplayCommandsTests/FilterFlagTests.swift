import Foundation
import GRDB
import TestSupport
import Testing

@testable import TCAReplayCommands

/// Every filter of every command answers a mistake out loud: a malformed filter is one line on
/// standard error and exit status 2; a well-formed one that matches nothing still lists nothing
/// and exits 0, with one line on standard error that says which filter matched nothing and what
/// the trace has instead. A filter that matches prints no such line.
@Suite struct FilterFlagTests {
  static let trace = "Recordings/demo-v1.sqlite"
  static let glob =
    "tca-replay: expected a glob for --name (* any run of characters, ? one, [a-z] one of a set), "
  static let roots = "the trace's action names start with counter., items., search., todos."

  @Test func malformedNameGlobs() throws {
    try expectRun(
      ["log", Self.trace, "--name", "["], status: 2, output: "",
      errors: Self.glob + "found '[' with a [ that is never closed\n")
    try expectRun(
      ["log", Self.trace, "--name", "todos.[^]*"], status: 2, output: "",
      errors: Self.glob + "found 'todos.[^]*' with a [ that is never closed\n")
    try expectRun(
      ["log", Self.trace, "--name", "[z-a]*", "--json"], status: 2, output: "",
      errors: Self.glob + "found '[z-a]*' with a range z-a that runs backwards (write a-z)\n")
  }

  @Test func nameGlobThatMatchesNothing() throws {
    let note = "no action matches 'nosuch.*'; \(Self.roots)\n"
    try expectRun(["log", Self.trace, "--name", "nosuch.*"], status: 0, output: "", errors: note)
    try expectRun(
      ["log", Self.trace, "--name", "nosuch.*", "--json"], status: 0, output: "[]\n",
      errors: note)
    // The name is the reason even beside other filters that would match.
    try expectRun(
      ["log", Self.trace, "--name", "nosuch.*", "--from", "3"], status: 0, output: "",
      errors: note)
    // Sets that read are sets: `]` first is a member, so this matches names with an `a`.
    let run = try ToolRun(["log", Self.trace, "--name", "*[]-a]*", "--limit", "1"])
    #expect(run.status == 0)
    #expect(run.output.contains("counter.view.incrementButtonTapped"))
    #expect(run.errors == "")
  }

  @Test func rangesThatHoldNoAction() throws {
    try expectRun(
      ["log", Self.trace, "--from", "100"], status: 0, output: "",
      errors: "no action from #100 on; the trace's last action is #45\n")
    try expectRun(
      ["log", Self.trace, "--to", "0", "--json"], status: 0, output: "[]\n",
      errors: "no action up to #0; the trace's first action is #1\n")
    // A copy of the demo's trace with #27 left out, as the deny-list leaves actions out.
    let gap = temporaryFolder("tca-replay-filters").appendingPathComponent("gap.sqlite").path
    try FileManager.default.copyItem(
      atPath: ToolRun.packageRoot.appendingPathComponent(Self.trace).path, toPath: gap)
    let queue = try DatabaseQueue(path: gap)
    try queue.write { try $0.execute(sql: "DELETE FROM actions WHERE seq = 27") }
    try queue.close()
    try expectRun(
      ["log", gap, "--from", "27", "--to", "27", "--origin", "send"], status: 0, output: "",
      errors: "no action recorded from #27 to #27 (the deny-list may have left it out)\n")
    try expectRun(
      ["log", Self.trace, "--from", "40", "--to", "30"], status: 2, output: "",
      errors: "tca-replay: expected --from at most --to, found --from 40 after --to 30\n")
  }

  @Test func filtersThatMatchNothingTogether() throws {
    try expectRun(
      ["log", Self.trace, "--name", "counter.*", "--origin", "effect", "--from", "30"],
      status: 0, output: "",
      errors: "no action matches --from 30, --name 'counter.*' and --origin effect together\n")
    try expectRun(
      ["log", Self.trace, "--name", "search.*", "--changed-only", "--from", "40"], status: 0,
      output: "",
      errors: "no action matches --from 40, --name 'search.*' and --changed-only together\n")
  }

  @Test func originsAndOutcomesThatAreNotWords() throws {
    try expectRun(
      ["log", Self.trace, "--origin", "mail"], status: 2, output: "",
      errors: "tca-replay: The value 'mail' is invalid for '--origin <origin>'. "
        + "Please provide one of 'send', 'effect' or 'shared'.\n")
    try expectRun(
      ["effects", Self.trace, "--outcome", "lost"], status: 2, output: "",
      errors: "tca-replay: The value 'lost' is invalid for '--outcome <outcome>'. "
        + "Please provide one of 'finished', 'cancelled', 'failed' or 'running'.\n")
  }

  @Test func effectFiltersThatMatchNothing() throws {
    try expectRun(
      ["effects", Self.trace, "--outcome", "running"], status: 0, output: "(no effects)\n",
      errors: "no effect was still running when the trace ended; of the trace's 17 effects, "
        + "11 finished, 4 cancelled, 2 failed\n")
    try expectRun(
      ["effects", Self.trace, "--alive-at", "2", "--json"], status: 0, output: "[]\n",
      errors: "no effect was alive after #2 ran\n")
    try expectRun(
      ["effects", Self.trace, "--alive-at", "44", "--outcome", "failed"], status: 0,
      output: "(no effects)\n", errors: "no effect that was alive after #44 ran failed\n")
  }

  @Test func changesOfAPathThatNamesNothing() throws {
    let note =
      "counter.cout names no value in the initial state or after the last action (#45); "
      + "the state's top-level fields: counter, savedFacts, todos, search, items\n"
    try expectRun(
      ["changes", Self.trace, "counter.cout"], status: 0,
      output: "(no action changed counter.cout)\n", errors: note)
    try expectRun(
      ["changes", Self.trace, "counter.cout", "--json"], status: 0, output: "[]\n", errors: note)
  }

  @Test func filtersThatMatchSaySoNothingMore() throws {
    for arguments in [
      ["log", Self.trace, "--name", "todos.*", "--origin", "effect"],
      ["log", Self.trace, "--limit", "0"],
      ["effects", Self.trace, "--outcome", "failed"],
      ["effects", Self.trace, "--alive-at", "44"],
      ["changes", Self.trace, "items.destination.editor.draft.name"],
    ] {
      let run = try ToolRun(arguments)
      #expect(run.status == 0, "\(arguments)")
      #expect(run.errors == "", "\(arguments)")
    }
  }

  /// The check agrees with SQLite: a pattern it calls never closed matches nothing, not even its
  /// own text, and one it passes matches the text it was written for.
  @Test(
    arguments: [
      ("[", nil), ("[]", nil), ("a[bc", nil), ("*[^]", nil), ("[]]", "]"), ("[^]]", "a"),
      ("[a-]", "-"), ("[]-a]", "-"), ("[[]", "["), ("todos.*", "todos.add"), ("?[0-9]", "a7"),
    ] as [(String, String?)])
  func globCheckAgreesWithSQLite(pattern: String, matching text: String?) throws {
    let queue = try DatabaseQueue()
    let matches = { (text: String) in
      try queue.read { try Bool.fetchOne($0, sql: "SELECT ? GLOB ?", arguments: [text, pattern]) }
    }
    if let text {
      #expect(GlobPattern.problem(in: pattern) == nil)
      #expect(try matches(text) == true)
    } else {
      #expect(GlobPattern.problem(in: pattern) == "a [ that is never closed")
      for candidate in [pattern, "", "a", "[", "]", "todos.add"] {
        #expect(try matches(candidate) == false, "\(pattern) against \(candidate)")
      }
    }
  }
}
