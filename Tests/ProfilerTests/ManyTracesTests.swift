import Foundation
import Testing
import Trace
import TraceTestSupport

@testable import Profiler

/// One profile over several traces: sums, percentiles over every sample, peak rates and leaks
/// per trace, unreadable traces skipped with their reason.
@Suite struct ManyTracesTests {
  /// `taps` actions 10 ms apart with the given durations, a search whose effect lives `life`,
  /// and, with `leak`, a timer that never ends.
  func write(taps durations: [Int64], life: Int64, leak: Bool, finished: Bool = true) throws
    -> String
  {
    var fixture = SessionFixture()
    for (index, duration) in durations.enumerated() {
      let seq = fixture.action(
        "counter.view.tapped", at: Int64(index) * 10_000_000, duration: duration)
      fixture.scope("counter", of: seq, self: duration / 2, total: duration)
    }
    let query = fixture.action("search.view.query", at: 5_000_000_000, duration: 3_000)
    fixture.effect(
      of: query, kind: "run", name: "search", start: 5_000_010_000, end: 5_000_010_000 + life,
      outcome: "finished")
    if leak {
      let start = fixture.action("timer.view.start", at: 6_000_000_000, duration: 2_000)
      fixture.effect(of: start, kind: "run", location: "Timer.swift:12", start: 6_000_010_000)
    }
    let path = temporaryTracePath()
    _ = try fixture.write(to: path, finished: finished, end: 7_000_000_000)
    return path
  }

  @Test func sumsCountsAndTakesPercentilesOverEverySample() async throws {
    let first = (1...40).map { Int64($0) * 1_000 }
    let second = (1...60).map { Int64($0) * 7_000 }
    let a = try write(taps: first, life: 1_000_000, leak: false)
    let b = try write(taps: second, life: 3_000_000, leak: true)
    let profile = await TraceProfiler().profile(paths: [a, b], label: "2 traces")
    #expect(profile.skipped == [])
    #expect(profile.traces?.map(\.path) == [a, b])
    #expect(profile.trace.path == "2 traces")
    #expect(profile.trace.actions == 40 + 1 + 60 + 2)

    let tapped = try #require(profile.actions.first)
    let all = first + second
    #expect(tapped.name == "counter.view.tapped")
    #expect(tapped.count == 100)
    #expect(tapped.total == .nanoseconds(all.reduce(0, +)))
    #expect(tapped.mean == .nanoseconds(all.reduce(0, +) / 100))
    #expect(tapped.p50 == .nanoseconds(nearestRank(all, 50)))
    #expect(tapped.p95 == .nanoseconds(nearestRank(all, 95)))
    #expect(tapped.p99 == .nanoseconds(nearestRank(all, 99)))
    #expect(tapped.max == .nanoseconds(all.max()!))
    #expect(abs(tapped.share - 100.0 / 103.0) < 1e-9)
    // 10 ms apart: the busier trace has 60 within one second, the other 40; never 100.
    #expect(tapped.peakPerSecond == 60)

    let scope = try #require(profile.scopes.first)
    #expect(scope.calls == 100)
    #expect(scope.total == .nanoseconds(all.reduce(0, +)))
    #expect(profile.timeline.histogram.reduce(0) { $0 + $1.count } == 103)

    let search = try #require(profile.effects.groups.first { $0.name == "search" })
    #expect(search.count == 2)
    #expect(search.outcomes == [.finished: 2])
    #expect(search.lifetimeP50 == .milliseconds(1))
    #expect(search.lifetimeMax == .milliseconds(3))

    // The leak is listed with the trace it is in.
    #expect(profile.effects.leakedCount == 1)
    #expect(profile.effects.leaked.map(\.trace) == [b])
    #expect(profile.advice.filter { $0.rule == .neverCancelled }.map(\.trace) == [b])
  }

  @Test func oneTraceAloneRanksAsItsOwnProfile() async throws {
    let a = try write(taps: (1...30).map { Int64($0 * $0) * 100 }, life: 2_000, leak: true)
    let single = try TraceProfiler(options: ProfileOptions(depth: 1)).profile(TraceReader(path: a))
    let many = await TraceProfiler(options: ProfileOptions(depth: 1))
      .profile(paths: [a], label: "1 trace")
    #expect(many.actions == single.actions)
    #expect(many.scopes == single.scopes)
    #expect(many.effects.groups == single.effects.groups)
    #expect(many.state.mostChanged == single.state.mostChanged)
    #expect(many.timeline.histogram == single.timeline.histogram)
  }

  @Test func unreadableTracesAreSkippedWithTheirReason() async throws {
    let a = try write(taps: [1_000, 2_000], life: 1_000, leak: false)
    let missing = temporaryTracePath("missing")
    let notATrace = temporaryTracePath("text")
    try Data("not a database\n".utf8).write(to: URL(fileURLWithPath: notATrace))
    let profile = await TraceProfiler().profile(paths: [missing, a, notATrace], label: "3")
    #expect(profile.traces?.map(\.path) == [a])
    #expect(profile.skipped?.map(\.path) == [missing, notATrace])
    #expect(profile.skipped?.first?.reason == "expected a tca-replay trace, found no file")
    #expect(profile.trace.actions == 3)
  }

  @Test func aTraceThatDidNotFinishIsNamedInTheEnding() async throws {
    let a = try write(taps: [1_000], life: 1_000, leak: false)
    let b = try write(taps: [1_000], life: 1_000, leak: true, finished: false)
    let profile = await TraceProfiler().profile(paths: [a, b], label: "2")
    #expect(!profile.trace.finishedCleanly)
    #expect(profile.trace.endReason?.hasPrefix(b) == true)
    #expect(profile.effects.leakedCount == 0)
    #expect(profile.effects.unfinished.map(\.trace) == [b])
  }
}
