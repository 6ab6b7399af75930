import Foundation
import Testing
import Trace

@testable import Profiler
import TraceTestSupport

@Suite struct ProfilerTests {
  /// 100 taps 1 ms apart with durations 1…100 µs shuffled, plus two slow saves, a `.send` that
  /// shares logic, a delegate `.send`, a leaked timer, a cancelled search and an orphan.
  func session() -> (SessionFixture, taps: [Int64], end: Int64) {
    var fixture = SessionFixture()
    var durations = (1...100).map { Int64($0) * 1_000 }
    var generator = SystemRandomNumberGenerator()
    durations.shuffle(using: &generator)
    for (index, duration) in durations.enumerated() {
      let seq = fixture.action(
        "counter.view.tapped", at: Int64(index) * 1_000_000, duration: duration,
        todo: index % 3)
      fixture.scope("counter", of: seq, self: duration / 2, total: duration / 2)
    }
    let save = fixture.action("editor.view.saveTapped", at: 2_000_000_000, duration: 20_000_000)
    fixture.scope("editor", of: save, self: 5_000_000, total: 15_000_000)
    fixture.scope("editor/rows[id: 1]", of: save, self: 4_000_000, total: 4_000_000)
    fixture.scope("editor/rows[id: 2]", of: save, self: 6_000_000, total: 6_000_000)
    let send = fixture.effect(
      of: save, kind: "send", start: 2_020_000_000, end: 2_020_100_000, outcome: "finished",
      sent: 1)
    fixture.action("editor.internal.persist", at: 2_020_000_000, duration: 1_000, from: send)
    let delegate = fixture.effect(
      of: save, kind: "send", start: 2_020_200_000, end: 2_020_300_000, outcome: "finished",
      sent: 1)
    fixture.action("editor.delegate.saved", at: 2_020_200_000, duration: 1_000, from: delegate)
    fixture.action("editor.view.saveTapped", at: 3_000_000_000, duration: 1_000_000)
    let start = fixture.action("timer.view.start", at: 4_000_000_000, duration: 2_000)
    fixture.effect(
      of: start, kind: "run", location: "Timer.swift:12", start: 4_000_010_000)
    let query = fixture.action("search.view.query", at: 5_000_000_000, duration: 3_000)
    fixture.effect(
      of: query, kind: "run", name: "search", cancelIDs: ["search"], start: 5_000_010_000,
      end: 5_300_000_000, outcome: "cancelled", reason: "cancelInFlight (id: search)")
    fixture.action(
      "list.rows.element.row.tapped", at: 6_000_000_000, duration: 1_000, changes: false)
    return (fixture, durations, 7_000_000_000)
  }

  @Test func ranksActionsWithPercentilesAndPeakRate() throws {
    let (fixture, taps, end) = session()
    let trace = try fixture.write(to: temporaryTracePath(), end: end)
    let profile = try TraceProfiler().profile(trace)
    let tapped = try #require(profile.actions.first)
    #expect(tapped.name == "counter.view.tapped")
    #expect(tapped.count == taps.count)
    #expect(tapped.peakPerSecond == taps.count)  // all within 0.1 s
    #expect(tapped.total == .nanoseconds(taps.reduce(0, +)))
    #expect(tapped.mean == .nanoseconds(taps.reduce(0, +) / Int64(taps.count)))
    #expect(tapped.p50 == .nanoseconds(nearestRank(taps, 50)))
    #expect(tapped.p95 == .nanoseconds(nearestRank(taps, 95)))
    #expect(tapped.p99 == .nanoseconds(nearestRank(taps, 99)))
    #expect(tapped.max == .nanoseconds(taps.max()!))
    #expect(profile.trace.actions == fixture.batch.actions.count)
    #expect(abs(tapped.share - Double(taps.count) / Double(fixture.batch.actions.count)) < 1e-9)
    let saves = try #require(profile.actions.first { $0.name == "editor.view.saveTapped" })
    #expect(saves.count == 2)
    #expect(saves.max == .milliseconds(20))
    #expect(saves.peakPerSecond == 1)  // one second apart: never two in one window
  }

  @Test func groupsByCasePathPrefix() throws {
    let (fixture, _, end) = session()
    let trace = try fixture.write(to: temporaryTracePath(), end: end)
    let profile = try TraceProfiler(options: ProfileOptions(depth: 1)).profile(trace)
    let names = Set(profile.actions.map(\.name))
    #expect(names == ["counter.*", "editor.*", "timer.*", "search.*", "list.*"])
    let editor = try #require(profile.actions.first { $0.name == "editor.*" })
    #expect(editor.count == 4)
    // Percentiles over the group's actions together, whatever their case paths.
    let durations = fixture.batch.actions.filter { $0.name.hasPrefix("editor.") }
      .map(\.durationNanoseconds)
    #expect(editor.p50 == .nanoseconds(nearestRank(durations, 50)))
    #expect(editor.p95 == .nanoseconds(nearestRank(durations, 95)))
    #expect(editor.total == .nanoseconds(durations.reduce(0, +)))
    #expect(editor.max == .nanoseconds(durations.max()!))
    #expect(
      ProfileGrouping.casePrefix("todos.todos.element.checkBoxToggled", depth: 2) == "todos.todos.*"
    )
    #expect(ProfileGrouping.casePrefix("todos.view", depth: 2) == "todos.view")
  }

  @Test func scopesCollapseElementIDsAndShareTheRootTime() throws {
    let (fixture, _, end) = session()
    let trace = try fixture.write(to: temporaryTracePath(), end: end)
    let profile = try TraceProfiler().profile(trace)
    let rows = try #require(profile.scopes.first { $0.path == "editor/rows[id: *]" })
    #expect(rows.calls == 2)
    #expect(rows.selfTime == .milliseconds(10))
    #expect(profile.scopes.first?.path == "editor/rows[id: *]")  // most self time
    let root = fixture.batch.actions.reduce(0) { $0 + $1.durationNanoseconds }
    let editor = try #require(profile.scopes.first { $0.path == "editor" })
    #expect(abs(editor.shareOfRoot - 15_000_000 / Double(root)) < 1e-9)
  }

  @Test func effectsLeaksAndAdvice() throws {
    let (fixture, _, end) = session()
    let trace = try fixture.write(to: temporaryTracePath(), end: end)
    let profile = try TraceProfiler().profile(trace)
    #expect(profile.effects.leaked.map(\.label) == ["Timer.swift:12"])
    #expect(profile.effects.leakedCount == 1)
    #expect(profile.effects.unfinished.isEmpty)
    let search = try #require(profile.effects.groups.first { $0.name == "search" })
    #expect(search.kind == .run)
    #expect(search.outcomes == [.cancelled: 1])
    #expect(search.cancellationReasons == [.cancelInFlight("search"): 1])
    let lifetime = Duration.nanoseconds(5_300_000_000 - 5_000_010_000)
    #expect(search.lifetimeMax == lifetime)
    #expect(search.lifetimeP95 == lifetime)
    #expect(profile.effects.fanOut.first?.effects == 2)

    let rules = Dictionary(grouping: profile.advice, by: \.rule)
    #expect(rules[.highFrequency]?.map(\.subject) == ["counter.view.tapped"])
    #expect(rules[.highFrequency]?.first?.seqs == Array(1...10))
    #expect(rules[.overBudget]?.map(\.subject) == ["editor.view.saveTapped"])
    #expect(rules[.overBudget]?.first?.seqs == [101])
    // The delegate action sent with `.send` is the child talking to its parent: not flagged.
    #expect(rules[.sendToShareLogic]?.map(\.subject) == ["editor.internal.persist"])
    #expect(rules[.neverCancelled]?.first?.seqs == [105])
    #expect(rules[.childActionAfterStateGone]?.map(\.subject) == ["list.rows.element.row.tapped"])
  }

  @Test func runningEffectsOfAnUnfinishedRecordingAreNotCalledLeaks() throws {
    let (fixture, _, end) = session()
    let trace = try fixture.write(to: temporaryTracePath(), finished: false, end: end)
    let profile = try TraceProfiler().profile(trace)
    #expect(!profile.trace.finishedCleanly)
    #expect(profile.effects.leaked.isEmpty)
    #expect(profile.effects.unfinished.map(\.label) == ["Timer.swift:12"])
    #expect(!profile.advice.contains { $0.rule == .neverCancelled })
  }

  @Test func stateSizesAndMostChangedPaths() throws {
    let (fixture, _, end) = session()
    let trace = try fixture.write(to: temporaryTracePath(), end: end)
    let profile = try TraceProfiler().profile(trace)
    // The initial keyframe, then the final state rebuilt from it.
    #expect(profile.state.sizes.map(\.seq) == [0, Int64(fixture.batch.actions.count)])
    let final = try trace.state(at: Int64(fixture.batch.actions.count)).jsonText.utf8.count
    #expect(profile.state.sizes.last?.bytes == final)
    let changed = Dictionary(
      uniqueKeysWithValues: profile.state.mostChanged.map { ($0.path, $0.changes) })
    let changing = fixture.batch.actions.filter(\.stateChanged).count
    #expect(changed["count"] == changing)
    #expect(changed["todos[id: *].edits"] == 100)
  }

  @Test func timelineBucketsAndHistogramCountEveryAction() throws {
    let (fixture, _, end) = session()
    let trace = try fixture.write(to: temporaryTracePath(), end: end)
    let timeline = try TraceProfiler().profile(trace).timeline
    #expect(timeline.rate.reduce(0) { $0 + $1.count } == fixture.batch.actions.count)
    #expect(timeline.histogram.reduce(0) { $0 + $1.count } == fixture.batch.actions.count)
    #expect(timeline.rate.first?.count == 100)
    #expect(timeline.effects.count == fixture.batch.effectStarts.count)
    #expect(timeline.effects.contains { $0.end == nil })
  }
}
