import Foundation
import TestSupport
import Testing
import Trace
import TraceTestSupport

/// `tca-replay profile` and `tca-replay export`, run as a person would: the built binary, its
/// whole output and its exit status.
@Suite struct ProfileCommandTests {
  static let demo = "Recordings/demo-v1.sqlite"

  @Test func profileOfTheDemoTrace() throws {
    let run = try ToolRun(["profile", Self.demo, "--top", "3"])
    #expect(run.status == 0)
    #expect(run.errors == "")
    try expectOutput(run.output, matches: "profile-demo-top3")
  }

  @Test func profileAsJSONAndHTML() throws {
    let page = temporaryTracePath("page").replacingOccurrences(of: ".sqlite", with: ".html")
    let run = try ToolRun(["profile", Self.demo, "--json", "--html", page, "--depth", "1"])
    #expect(run.status == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
    let names = (json["actions"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    #expect(Set(names) == ["counter.*", "items.*", "search.*", "todos.*"])
    #expect(json["scopes"] is [[String: Any]])
    #expect((json["effects"] as? [String: Any])?["leaked"] is [[String: Any]])
    #expect(json["advice"] is [[String: Any]])
    #expect(json["violations"] == nil)
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains("<svg id=\"chart-rate\""))
  }

  @Test func badInputIsOneLineAndStatusTwo() throws {
    let cases: [([String], String)] = [
      (
        ["profile", "missing.sqlite"], "missing.sqlite: expected a tca-replay trace, found no file"
      ),
      (["profile", Self.demo, "--top", "0"], "--top expects a count of 1 or more; found 0"),
      (["profile", Self.demo, "--fail-on", "speed>1"], "--fail-on: expected a condition like"),
      (["profile", Self.demo, "--fail-on", "p95>+20%"], "expected --baseline OLD, found none"),
      (
        ["profile", Self.demo, "--baseline", "old.sqlite"],
        "old.sqlite: expected a tca-replay trace"
      ),
      (
        ["profile", Self.demo, "--html", "/nonexistent/folder/page.html"],
        "/nonexistent/folder/page.html: expected a file that can be written, found none"
      ),
      (["profile", Self.demo, "--depth=-1"], "--depth expects 0 or more components; found -1"),
      (["export", Self.demo], "expected --chrome-trace FILE or --otlp FILE, found neither"),
      (
        ["export", Self.demo, "--chrome-trace", "/nonexistent/folder/out.json"],
        "/nonexistent/folder/out.json: expected a file that can be written, found none"
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

  /// A baseline and a slower, busier trace of the same scenario with a new leak.
  func traces() throws -> (old: String, new: String) {
    func write(taps: Int, duration: Int64, leak: Bool) throws -> String {
      var fixture = SessionFixture()
      for index in 0..<taps {
        fixture.action("app.view.tap", at: Int64(index) * 100_000_000, duration: duration)
      }
      if leak {
        let seq = fixture.action("app.view.start", at: 60_000_000_000, duration: 1_000)
        fixture.effect(of: seq, kind: "run", location: "App.swift:3", start: 60_000_001_000)
      }
      let path = temporaryTracePath()
      _ = try fixture.write(to: path, end: 70_000_000_000)
      return path
    }
    return (
      try write(taps: 10, duration: 1_000_000, leak: false),
      try write(taps: 20, duration: 1_500_000, leak: true)
    )
  }

  @Test func failOnExitsOneWhenABaselineThresholdIsCrossed() throws {
    let (old, new) = try traces()
    let crossed = try ToolRun([
      "profile", new, "--baseline", old, "--fail-on", "p95>+20%,count>+50%,leaks>0",
    ])
    #expect(crossed.status == 1)
    #expect(crossed.errors == "")
    #expect(crossed.output.contains("Against the baseline \(old)"))
    #expect(crossed.output.contains("  app.view.tap  10 → 20   +100%  1.00 ms → 1.50 ms    +50%\n"))
    #expect(crossed.output.contains("new actions: app.view.start"))
    #expect(
      crossed.output.hasSuffix(
        """
        Thresholds crossed (--fail-on p95>+20%,count>+50%,leaks>0):
          p95>+20%: app.view.tap p95 1.00 ms → 1.50 ms (+50%)
          count>+50%: app.view.tap count 10 → 20 (+100%)
          leaks>0: 1 new leaked effects

        """))
    let json = try ToolRun([
      "profile", new, "--baseline", old, "--fail-on", "p95>+20%", "--json",
    ])
    #expect(json.status == 1)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
    #expect((object["violations"] as? [String])?.count == 1)
    #expect(object["comparison"] is [String: Any])

    let lenient = try ToolRun([
      "profile", new, "--baseline", old, "--fail-on", "p95>+60%,count>+150%,leaks>1",
    ])
    #expect(lenient.status == 0)
    #expect(
      lenient.output.hasSuffix("No threshold crossed (--fail-on p95>+60%,count>+150%,leaks>1).\n"))
  }

  @Test func exportWritesAValidChromeTrace() throws {
    let file = temporaryTracePath("export").replacingOccurrences(of: ".sqlite", with: ".json")
    let run = try ToolRun(["export", Self.demo, "--chrome-trace", file])
    #expect(run.status == 0)
    #expect(run.errors == "")
    let validator = try ChromeTraceValidator(path: file)
    #expect(validator.problems == [])
    let bytes = try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int
    #expect(
      run.output
        == "Wrote \(validator.events.count) events (\(bytes ?? -1) bytes, 3 effect tracks) to "
        + "\(file); open it in https://ui.perfetto.dev or chrome://tracing.\n")
  }
}
