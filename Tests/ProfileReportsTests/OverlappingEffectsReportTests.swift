import Foundation
import Profiler
import Testing
import Trace

@testable import ProfileReports
import TraceTestSupport

/// The overlapping-effects finding in every report form: a line and its chaos command in the
/// text, the `race` object in the JSON, the command in the HTML.
@Suite struct OverlappingEffectsReportTests {
  /// Three keystrokes 50 ms apart, each starting a 300 ms debounce at `Search.swift:12` that
  /// answers once; none cancelled.
  static func profile() throws -> (Profile, path: String) {
    var fixture = SessionFixture()
    var effects: [Int64] = []
    for index in 0..<3 {
      let start = 1_000_000 + Int64(index) * 50_000_000
      let seq = fixture.action("search.view.queryChanged", at: start, duration: 1_000)
      effects.append(
        fixture.effect(
          of: seq, kind: "run", location: "Search.swift:12", start: start,
          end: start + 300_000_000, outcome: "finished", sent: 1))
    }
    for (index, effect) in effects.enumerated() {
      fixture.action(
        "search.internal.response", at: 301_000_000 + Int64(index) * 50_000_000,
        duration: 1_000, from: effect)
    }
    let path = temporaryTracePath("search")
    let profile = try TraceProfiler().profile(fixture.write(to: path, end: 1_000_000_000))
    return (profile, path)
  }

  @Test func everyReportShowsTheFindingAndItsCommand() throws {
    let (profile, path) = try Self.profile()
    let command = "tca-replay chaos \(path) --final 'count == 6'"
    let finding = try #require(profile.advice.first { $0.rule == .overlappingEffects })
    #expect(finding.race?.command == command)
    #expect(finding.seqs == [1, 2, 3])

    let text = TextReport(profile: profile).rendered()
    #expect(
      text.contains(
        "  [overlapping-effects] search.view.queryChanged started the effect Search.swift:12 "
          + "3 times without cancelling the one before: 2 of them started while an earlier one "
          + "was still running"))
    #expect(text.contains("\n    evidence: actions 1, 2, 3\n    confirm: \(command)"))

    let data = try JSONReport(profile: profile).encoded()
    let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    let findings = try #require(json["advice"] as? [[String: Any]])
    let advice = try #require(findings.first { $0["rule"] as? String == "overlapping-effects" })
    #expect(advice["subject"] as? String == "search.view.queryChanged")
    let race = try #require(advice["race"] as? [String: Any])
    #expect(race["action"] as? String == "search.view.queryChanged")
    #expect(race["location"] as? String == "Search.swift:12")
    #expect(race["effects"] as? Int == 3)
    #expect(race["overlaps"] as? Int == 2)
    #expect(race["final"] as? String == "count == 6")
    #expect(race["command"] as? String == command)
    #expect(race["cancelIDs"] as? [String] == [])
    // The other findings carry no race.
    #expect(findings.filter { $0["race"] != nil }.count == 1)

    let html = HTMLReport(profile: profile).rendered()
    #expect(html.contains("<span class=\"rule\">overlapping-effects</span> "))
    #expect(
      html.contains(
        "<p class=\"evidence\">confirm: <code>tca-replay chaos \(path) --final "
          + "&#39;count == 6&#39;</code></p>"))
  }
}
