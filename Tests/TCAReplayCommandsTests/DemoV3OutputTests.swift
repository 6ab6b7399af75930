import Foundation
import TestSupport
import Testing

/// Every reading command, with its main flags and its `--json` form, run by the built tool on the
/// demo's sample of schema version 3 and compared byte for byte with `Expected/v3/NAME.txt`.
///
/// The files were recorded before the middle layer was reworked, so they prove the commands print
/// the same bytes after it; `CommandOutputTests` does the same on the version 1 sample, which
/// proves old traces still read.
@Suite struct DemoV3OutputTests {
  static let trace = "Recordings/demo-v3.sqlite"

  static let commands: [(name: String, arguments: [String])] = [
    ("info", ["info", trace]),
    ("info-json", ["info", trace, "--json"]),
    ("log", ["log", trace]),
    ("log-json", ["log", trace, "--json"]),
    ("log-todos-changed", ["log", trace, "--name", "todos.*", "--changed-only"]),
    ("log-window", ["log", trace, "--from", "20", "--limit", "5", "--origin", "send"]),
    ("log-effects-to", ["log", trace, "--from", "30", "--to", "45", "--origin", "effect"]),
    ("log-changed-json", ["log", trace, "--name", "items.*", "--changed-only", "--json"]),
    ("show-initial", ["show", trace, "0"]),
    ("show-counter", ["show", trace, "12", "--path", "counter"]),
    ("show-stack", ["show", trace, "42", "--path", "items"]),
    ("show-json", ["show", trace, "30", "--json"]),
    ("show-path-json", ["show", trace, "59", "--path", "profile", "--json"]),
    ("diff-36", ["diff", trace, "36"]),
    ("diff-42", ["diff", trace, "42"]),
    ("diff-range", ["diff", trace, "0", "61"]),
    ("diff-none", ["diff", trace, "3", "3"]),
    ("diff-json", ["diff", trace, "0", "61", "--json"]),
    ("changes-count", ["changes", trace, "counter.count"]),
    ("changes-editor-name", ["changes", trace, "items.destination.editor.draft.name"]),
    ("changes-profile-name-json", ["changes", trace, "profile.name", "--json"]),
    ("effects", ["effects", trace]),
    ("effects-json", ["effects", trace, "--json"]),
    ("effects-cancelled", ["effects", trace, "--outcome", "cancelled"]),
    ("effects-finished", ["effects", trace, "--outcome", "finished"]),
    ("effects-failed", ["effects", trace, "--outcome", "failed"]),
    ("effects-running", ["effects", trace, "--outcome", "running"]),
    ("effects-alive", ["effects", trace, "--alive-at", "5"]),
    ("effects-alive-json", ["effects", trace, "--alive-at", "30", "--json"]),
    ("scopes-36", ["scopes", trace, "36"]),
    ("scopes-36-json", ["scopes", trace, "36", "--json"]),
    ("profile", ["profile", trace]),
    ("profile-top3-depth1", ["profile", trace, "--top", "3", "--depth", "1"]),
    ("profile-budget", ["profile", trace, "--budget", "0.01", "--top", "3"]),
    ("profile-json", ["profile", trace, "--json"]),
    ("profile-json-depth2", ["profile", trace, "--json", "--depth", "2"]),
    ("profile-baseline", ["profile", trace, "--baseline", "Recordings/demo-v1.sqlite"]),
    (
      "profile-baseline-json",
      ["profile", trace, "--baseline", "Recordings/demo-v1.sqlite", "--json"]
    ),
  ]

  /// What a filter that matches nothing says on standard error, beside its unchanged output.
  static let notes = [
    "effects-running":
      "no effect was still running when the trace ended; of the trace's 20 effects, 11 finished, "
      + "7 cancelled, 2 failed\n"
  ]

  @Test(arguments: commands)
  func printsTheExpectedText(name: String, arguments: [String]) throws {
    let run = try ToolRun(arguments)
    #expect(run.status == 0)
    #expect(run.errors == Self.notes[name, default: ""])
    try expectOutput(run.output, matches: "v3/\(name)")
  }

  /// A crossed threshold exits 1 after printing the profile and what was crossed.
  @Test func profileFailingAThresholdAgainstABaseline() throws {
    let run = try ToolRun([
      "profile", Self.trace, "--baseline", "Recordings/demo-v1.sqlite", "--top", "3",
      "--fail-on", "count>+10%,p95>0ms",
    ])
    #expect(run.status == 1)
    try expectOutput(run.output, matches: "v3/profile-fail-on")
    try expectOutput(run.errors, matches: "v3/profile-fail-on-errors")
  }

  /// `export` writes its file rather than printing it; the file is compared the same way.
  @Test func exportsTheChromeTrace() throws {
    let file = temporaryPath("demo-v3.json")
    let run = try ToolRun(["export", Self.trace, "--chrome-trace", file])
    #expect(run.status == 0)
    #expect(run.errors == "")
    // NB: The message names the file written, a temporary path of this run.
    try expectOutput(
      run.output.replacingOccurrences(of: file, with: "OUT.json"),
      matches: "v3/export-chrome-trace-output")
    try expectOutput(
      String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self),
      matches: "v3/export-chrome-trace")
  }
}
