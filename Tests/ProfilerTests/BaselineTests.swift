import Testing
import Trace

@testable import Profiler
import TraceTestSupport

@Suite struct BaselineTests {
  /// `count` taps with reducer time `duration` each, and optionally a leaked effect.
  func profile(taps count: Int, duration: Int64, leak: Bool = false, extra: String? = nil) throws
    -> Profile
  {
    var fixture = SessionFixture()
    for index in 0..<count {
      fixture.action("app.view.tap", at: Int64(index) * 100_000_000, duration: duration)
    }
    if let extra { fixture.action(extra, at: 50_000_000_000, duration: 1_000) }
    if leak {
      let seq = fixture.action("app.view.start", at: 60_000_000_000, duration: 1_000)
      fixture.effect(of: seq, kind: "run", location: "App.swift:3", start: 60_000_001_000)
    }
    return try TraceProfiler().profile(fixture.write(to: temporaryTracePath(), end: 70_000_000_000))
  }

  @Test func comparesCountsP95sAndLeaks() throws {
    let old = try profile(taps: 10, duration: 1_000_000, extra: "app.view.gone")
    let new = try profile(taps: 20, duration: 1_500_000, leak: true)
    let comparison = ProfileComparison(baseline: old, current: new)
    let tap = try #require(comparison.actions.first { $0.name == "app.view.tap" })
    #expect(tap.countChange == 1.0)
    #expect(tap.p95Change == 0.5)
    #expect(comparison.newActions == ["app.view.start"])
    #expect(comparison.vanishedActions == ["app.view.gone"])
    #expect(comparison.newLeaks.map(\.label) == ["App.swift:3"])

    let conditions = try FailCondition.parseList("p95>+20%,count>+50%,leaks>0")
    let crossed = conditions.flatMap { $0.violations(of: new, comparedWith: comparison) }
    #expect(crossed.count == 3)
    #expect(crossed[0].hasPrefix("p95>+20%: app.view.tap p95"))
    let lenient = try FailCondition.parseList("p95>+60%, count>+150%, leaks>1")
    #expect(lenient.flatMap { $0.violations(of: new, comparedWith: comparison) }.isEmpty)
  }

  @Test func absoluteLimitsNeedNoBaseline() throws {
    let new = try profile(taps: 5, duration: 20_000_000, leak: true)
    let conditions = try FailCondition.parseList("p95>16ms,leaks>0")
    #expect(!conditions.contains { $0.needsBaseline })
    let crossed = conditions.flatMap { $0.violations(of: new, comparedWith: nil) }
    #expect(crossed == ["p95>16ms: app.view.tap p95 20.0 ms", "leaks>0: 1 leaked effects"])
  }

  @Test func badConditionsSayWhatWasExpected() {
    for text in ["p95", "latency>+5%", "p95>fast", "leaks>+10%", "mean>+10%", ""] {
      #expect(throws: FailCondition.ParseError.self) { try FailCondition.parseList(text) }
    }
    #expect(throws: Never.self) { _ = try FailCondition.parseList("p99>2.5ms,count>100") }
  }
}
