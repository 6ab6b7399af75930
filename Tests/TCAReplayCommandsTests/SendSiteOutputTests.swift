import Foundation
import GRDB
import TestSupport
import Testing

/// Where actions were sent from, as the commands print it: on a demo session recorded now (its
/// sends are in DemoSession.swift), and on a v4 trace whose sites are not known.
@Suite struct SendSiteOutputTests {
  static let trace: String = {
    let folder = temporaryFolder("tca-replay-send-sites")
    let path = folder.appendingPathComponent("demo-session.sqlite").path
    let run = try! ToolRun(["demo", "--trace", path])
    precondition(run.status == 0, run.errors)
    return path
  }()

  /// The lines of DemoSession.swift that send the session's first three actions.
  static let lines = [53, 54, 55]

  @Test func logShowsEachSiteOnlyWhenAsked() throws {
    let run = try ToolRun(["log", Self.trace, "--sites", "--limit", "3"])
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    for (line, site) in zip(lines, Self.lines) {
      #expect(line.hasSuffix("  at DemoSession.swift:\(site)"), "\(line)")
    }
    let plain = try ToolRun(["log", Self.trace, "--limit", "3"])
    #expect(!plain.output.contains(" at DemoSession.swift"))
  }

  @Test func jsonGivesTheFileAndLine() throws {
    let run = try ToolRun(["log", Self.trace, "--json", "--limit", "1"])
    #expect(run.status == 0)
    #expect(
      run.output.contains(
        #""stateChanged":true,"site":{"file":"DemoApp/DemoSession.swift","line":53},"reads":["counter.count"]}"#),
      "\(run.output)")
  }

  @Test func showAndDiffNameTheActionAndItsSiteFirst() throws {
    let header =
      "#1 counter.view.incrementButtonTapped  sent from DemoSession.swift:53\n"
      + "  read: counter.count"
    let show = try ToolRun(["show", Self.trace, "1", "--path", "counter.count"])
    #expect(show.output == header + "\n1\n")
    let diff = try ToolRun(["diff", Self.trace, "1"])
    #expect(diff.output == header + "\n  counter.count: 0 → 1\n")
    // The initial state has no action, so no header.
    let initial = try ToolRun(["show", Self.trace, "0", "--path", "counter.count"])
    #expect(initial.output == "0\n")
  }

  @Test func whyEndsAtTheSiteOfTheInput() throws {
    let run = try ToolRun(["why", Self.trace, "counter.count", "--at", "6"])
    #expect(run.status == 0)
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.suffix(2) == [
      "      #3 sent from outside at DemoSession.swift:55",
      "        computed from counter.isTimerRunning = false, unchanged since the initial state",
    ])
    let json = try ToolRun(["why", Self.trace, "counter.count", "--at", "6", "--json"])
    #expect(
      json.output.contains(
        #""seq":3,"name":"counter.view.toggleTimerButtonTapped","origin":"send","site":{"file":"DemoApp/DemoSession.swift","line":55}"#
      ))
  }

  @Test func aV4TraceWithoutSitesSaysNullAndPrintsNoHeader() throws {
    // The v4 sample with its sites taken out, as for actions sent where no site is known.
    let sample = temporaryFolder().appendingPathComponent("demo-v4-no-sites.sqlite").path
    try FileManager.default.copyItem(
      atPath: ToolRun.sampleTrace(version: 4).path, toPath: sample)
    try DatabaseQueue(path: sample).write { db in
      try db.execute(sql: "UPDATE actions SET site_file = NULL, site_line = NULL")
    }
    let json = try ToolRun(["log", sample, "--json", "--limit", "1"])
    #expect(json.output.contains(#""stateChanged":true,"site":null}"#), "\(json.output)")
    let show = try ToolRun(["show", sample, "1", "--path", "counter.count"])
    #expect(show.output == "1\n")
  }

  @Test func theV4SampleKeepsItsSites() throws {
    let run = try ToolRun(["log", ToolRun.sampleTrace(version: 4).path, "--sites", "--limit", "1"])
    #expect(run.output.hasSuffix("  at DemoSession.swift:53\n"), "\(run.output)")
  }
}
