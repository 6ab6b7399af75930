import Foundation
import TestSupport
import Testing
import Trace
import TraceTestSupport

/// `tca-replay profile A B … | DIR [--group-by KEY] [--strict]`, run as a person would: the built
/// binary, its output and its exit status.
@Suite struct ProfileManyCommandTests {
  /// A trace of `taps` taps taking `duration` each, with `metadata`, in `folder` (a new
  /// temporary folder when `nil`).
  func write(
    taps: Int, duration: Int64, metadata: [String: String] = [:], leak: Bool = false,
    in folder: String? = nil, name: String? = nil
  ) throws -> String {
    var fixture = SessionFixture()
    for index in 0..<taps {
      fixture.action("app.view.tap", at: Int64(index) * 100_000_000, duration: duration)
    }
    if leak {
      let seq = fixture.action("app.view.start", at: 60_000_000_000, duration: 1_000)
      fixture.effect(of: seq, kind: "run", location: "App.swift:3", start: 60_000_001_000)
    }
    let path = folder.map { "\($0)/\(name ?? "trace").sqlite" } ?? temporaryTracePath()
    _ = try fixture.write(to: path, end: 70_000_000_000, metadata: metadata)
    return path
  }

  func folder() throws -> String {
    let folder = temporaryPath("traces")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func profilesSeveralTracesAsOne() throws {
    let a = try write(taps: 10, duration: 1_000_000)
    let b = try write(taps: 20, duration: 2_000_000, leak: true)
    let run = try ToolRun(["profile", a, b, "--top", "3"])
    #expect(run.status == 0)
    #expect(run.errors == "")
    #expect(
      run.output.hasPrefix(
        "Profile of 2 traces\n  2 traces, 31 actions over 60.9 s in all, 50.0 ms in reducers; "
          + "every recording finished cleanly\n"),
      "\(run.output)")
    #expect(run.output.contains("  \(a)       10"))
    #expect(run.output.contains("  \(b)       21"))
    // 30 taps, 10 of 1 ms and 20 of 2 ms: the 15th fastest (p50) is 2 ms, the mean 1.67 ms; the
    // peak is per trace (10 per second in each), not summed.
    #expect(
      run.output.contains(
        "  app.view.tap       30  96.8%      10  50.0 ms  1.67 ms  2.00 ms  2.00 ms  2.00 ms  2.00 ms"
      ), "\(run.output)")
    #expect(run.output.contains("(action 21 in \(b))"))
  }

  @Test func aFolderWithAnUnreadableTraceSkipsItAndStrictRefusesIt() throws {
    let folder = try folder()
    _ = try write(taps: 3, duration: 1_000, in: folder, name: "a")
    _ = try write(taps: 4, duration: 1_000, in: folder, name: "b")
    try Data("not a database\n".utf8).write(to: URL(fileURLWithPath: folder + "/c.sqlite"))
    try Data("ignored\n".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
    let run = try ToolRun(["profile", folder])
    #expect(run.status == 0)
    #expect(run.errors == "")
    #expect(run.output.hasPrefix("Profile of \(folder)\n  2 traces, 7 actions"), "\(run.output)")
    #expect(
      run.output.contains(
        "  skipped 1 that could not be read:\n    \(folder)/c.sqlite: expected a tca-replay trace "
          + "(an SQLite database), found a file that is not one\n"), "\(run.output)")

    let json = try ToolRun(["profile", folder, "--json"])
    #expect(json.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect((object["traces"] as? [[String: Any]])?.count == 2)
    #expect(
      (object["skipped"] as? [[String: Any]])?.first?["path"] as? String == folder + "/c.sqlite")

    let strict = try ToolRun(["profile", folder, "--strict"])
    #expect(strict.status == 2)
    #expect(strict.output == "")
    #expect(
      strict.errors
        == "tca-replay: \(folder)/c.sqlite: expected a tca-replay trace (an SQLite database), "
        + "found a file that is not one; --strict expects every trace to be readable\n")
  }

  @Test func badInputIsOneLineAndStatusTwo() throws {
    let empty = try folder()
    let a = try write(taps: 1, duration: 1_000)
    let cases: [([String], String)] = [
      (["profile", empty], "\(empty): expected a folder with .sqlite traces, found none"),
      (
        ["profile", a, "missing.sqlite", "--strict"],
        "missing.sqlite: expected a tca-replay trace, found no file; --strict"
      ),
      (
        ["profile", "gone-1.sqlite", "gone-2.sqlite"],
        "expected a readable trace among 2, found none: gone-1.sqlite: expected a tca-replay "
          + "trace, found no file (and 1 more)"
      ),
      (
        ["profile", a, a, "--group-by", "appVersion", "--baseline", a],
        "--group-by compares the groups with each other: expected no --baseline, found one"
      ),
    ]
    for (arguments, message) in cases {
      let run = try ToolRun(arguments)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.output == "", "\(arguments)")
      #expect(run.errors.hasPrefix("tca-replay: "), "\(arguments): \(run.errors)")
      #expect(run.errors.contains(message), "\(arguments): \(run.errors)")
      #expect(run.errors.filter { $0 == "\n" }.count == 1, "\(arguments): \(run.errors)")
    }
  }

  @Test func groupsCompareSideBySideAndFailOnAppliesToEachComparison() throws {
    let folder = try folder()
    _ = try write(
      taps: 10, duration: 1_000_000, metadata: ["appVersion": "2.3"], in: folder, name: "a")
    _ = try write(
      taps: 10, duration: 1_000_000, metadata: ["appVersion": "2.3"], in: folder, name: "b")
    _ = try write(
      taps: 10, duration: 1_500_000, metadata: ["appVersion": "2.10"], leak: true, in: folder,
      name: "c")
    _ = try write(taps: 5, duration: 1_000_000, in: folder, name: "d")
    let run = try ToolRun([
      "profile", folder, "--group-by", "appVersion", "--fail-on", "p95>+20%,leaks>0",
    ])
    #expect(run.status == 1)
    #expect(run.errors == "")
    // Traces without the key first, then the versions as numbers: 2.3 before 2.10.
    #expect(
      run.output.hasPrefix(
        """
        Profiles by appVersion (3 groups, 4 traces)
          group             traces  actions  reducers  leaks
          appVersion unset       1        5   5.00 ms      0
          appVersion=2.3         2       20   20.0 ms      0
          appVersion=2.10        1       11   15.0 ms      1

        appVersion=2.3
        Against the baseline appVersion unset
        """), "\(run.output)")
    #expect(
      run.output.contains(
        "appVersion=2.10\nAgainst the baseline appVersion=2.3\n"
          + "  action          count  change                p95  change\n"
          + "  app.view.tap  20 → 10    -50%  1.00 ms → 1.50 ms    +50%\n"), "\(run.output)")
    #expect(
      run.output.hasSuffix(
        """
        Thresholds crossed (--fail-on p95>+20%,leaks>0):
          appVersion=2.10: p95>+20%: app.view.tap p95 1.00 ms → 1.50 ms (+50%)
          appVersion=2.10: leaks>0: 1 new leaked effects

        """), "\(run.output)")

    let json = try ToolRun(["profile", folder, "--group-by", "appVersion", "--json"])
    #expect(json.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    let groups = try #require(object["groups"] as? [[String: Any]])
    #expect(groups.map { $0["value"] as? String } == [nil, "2.3", "2.10"])
    #expect((object["comparisons"] as? [[String: Any]])?.count == 2)
  }
}
