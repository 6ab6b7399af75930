import Foundation
import Profiler
import Testing
import Trace

@testable import ProfileReports
import TraceTestSupport

@Suite struct ReportTests {
  func demoProfile() throws -> Profile {
    try TraceProfiler().profile(TraceReader(path: copyOfDemoTrace()))
  }

  @Test func textReportHasEveryRankingAndTheAdvice() throws {
    let profile = try demoProfile()
    let text = TextReport(profile: profile, top: 5).rendered()
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(text.contains("Most frequent actions (top 5 of \(profile.actions.count))"))
    #expect(text.contains("Child scopes by self time (top 5)"))
    #expect(text.contains("Effects by name or location"))
    #expect(text.contains("Advice"))
    // Every ranking row shows the top action and its count, aligned in a table.
    let top = try #require(profile.actions.first)
    #expect(lines.contains { $0.hasPrefix("  \(top.name)") && $0.contains(" \(top.count) ") })
    #expect(!lines.contains { $0.hasSuffix(" ") })
    #expect(!text.contains("\u{1B}["))
    #expect(TextReport(profile: profile, color: true).rendered().contains("\u{1B}[1m"))
  }

  @Test func topFindingsForAShortSummary() throws {
    var fixture = SessionFixture()
    for index in 0..<30 {
      fixture.action("app.view.tick", at: Int64(index) * 1_000_000, duration: 1_000)
    }
    let profile = try TraceProfiler().profile(
      fixture.write(to: temporaryTracePath(), end: 1_000_000_000))
    #expect(
      TextReport.topFindings(of: profile)
        == """
        Top findings (tca-replay profile for all 1):
          [high-frequency-action] app.view.tick (actions 1, 2, 3, 4, 5)
        """)
    let demo = try demoProfile()
    #expect(demo.advice.isEmpty)
    let costly = try #require(demo.actions.max { $0.total < $1.total })
    // The v1 sample's session tapped increment more often than anything else.
    #expect(
      TextReport.topFindings(of: demo)
        == "Profile: nothing over the thresholds; most frequent "
        + "counter.view.incrementButtonTapped (\(demo.actions.map(\.count).max()!)×), "
        + "most reducer time \(costly.name) (\(DurationText.text(costly.total))).")
  }

  @Test func jsonHasTheKeysScriptsRelyOn() throws {
    var fixture = SessionFixture()
    let start = fixture.action("timer.view.start", at: 1_000, duration: 2_000)
    fixture.effect(of: start, kind: "run", name: "ticks", location: "T.swift:1", start: 5_000)
    fixture.scope("timer", of: start, self: 1_000, total: 1_500)
    let profile = try TraceProfiler().profile(
      fixture.write(to: temporaryTracePath(), end: 1_000_000_000))
    let data = try JSONReport(profile: profile).encoded()
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let action = try #require((json["actions"] as? [[String: Any]])?.first)
    for key in ["name", "count", "peakPerSecond", "totalNs", "meanNs", "p95Ns", "maxNs"] {
      #expect(action[key] != nil, "actions[0].\(key)")
    }
    #expect(action["name"] as? String == "timer.view.start")
    let scope = try #require((json["scopes"] as? [[String: Any]])?.first)
    for key in ["path", "calls", "selfNs", "totalNs"] {
      #expect(scope[key] != nil, "scopes[0].\(key)")
    }
    let effects = try #require(json["effects"] as? [String: Any])
    let leak = try #require((effects["leaked"] as? [[String: Any]])?.first)
    #expect(leak["id"] as? Int == 1)
    #expect(leak["actionSeq"] as? Int == Int(start))
    #expect(leak["name"] as? String == "ticks")
    #expect(leak["location"] as? String == "T.swift:1")
    let advice = try #require((json["advice"] as? [[String: Any]])?.first)
    for key in ["rule", "subject", "message", "seqs"] {
      #expect(advice[key] != nil, "advice[0].\(key)")
    }
    #expect(advice["rule"] as? String == "effect-never-cancelled")
    let html = HTMLReport(profile: profile).rendered()
    #expect(html.contains("<section id=\"leaks\"><h2>Leaked effects</h2>"))
    #expect(html.contains("<td class=\"num\">1</td><td>ticks</td><td>timer.view.start</td>"))
  }

  @Test func htmlEscapesWhatComesFromTheTrace() throws {
    var fixture = SessionFixture()
    let hostile = "app.view.<script>alert(\"x\")</script>&"
    fixture.action(hostile, at: 1_000, duration: 2_000)
    fixture.scope("a<b>", of: 1, self: 1_000, total: 1_000)
    let profile = try TraceProfiler().profile(fixture.write(to: temporaryTracePath(), end: 10_000))
    let html = HTMLReport(profile: profile).rendered()
    #expect(!html.contains("<script>alert"))
    #expect(html.contains("app.view.&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;"))
    #expect(html.contains("a&lt;b&gt;"))
    #expect(!html.contains("http://") || !html.contains("src=\"http"))
    #expect(!html.contains("<link"))
    #expect(html.components(separatedBy: "<script>").count == 2)  // only the sorting script
  }

  @Test func effectBarsTakeTheirClassFromTheOutcome() {
    let classes = EffectEndRecord.Outcome.Spelling.allCases.map(SVGChart.outcomeClass)
    #expect(classes == ["finished", "cancelled", "failed", "other"])
    #expect(SVGChart.outcomeClass(nil) == "running")
  }
}
