import ComposableRuntime
import Foundation
import Recorder
import Replay
import TestSupport
import Testing
import Trace
import TraceTestSupport

@testable import Profiler

/// The overlapping-effects advice on traces the recorder wrote: a debounce without
/// `cancelInFlight` typed faster than it waits is flagged with its action case, its source and a
/// `tca-replay chaos` command whose predicate confirms the race; the same debounce with
/// `cancelInFlight`, and one typed slower than it waits, are not.
@MainActor
@Suite struct OverlappingEffectsTests {
  /// The findings of the profile of the trace at `path`.
  func races(at path: String) throws -> [Finding] {
    try TraceProfiler().profile(TraceReader(path: path)).advice.filter {
      $0.rule == .overlappingEffects
    }
  }

  /// How the `.run` effects of the trace at `path` ended, in start order.
  func runOutcomes(at path: String) throws -> [EffectEndRecord.Outcome.Spelling?] {
    try TraceReader(path: path).effects().filter { $0.start.kind == .run }
      .map(\.end?.outcome.spelling)
  }

  /// The sequence numbers of the `queryChanged` actions in the trace at `path`.
  func keystrokes(at path: String) throws -> [Int64] {
    let trace = try TraceReader(path: path)
    let last = try #require(try trace.actionSummary().last)
    return try trace.actions(in: 1...last).filter { $0.name == "queryChanged" }.map(\.seq)
  }

  @Test(.timeLimit(.minutes(1)))
  func aDebounceWithoutCancelInFlightIsFlaggedWithTheChaosCommandThatConfirmsIt() async throws {
    let path = temporaryTracePath()
    try await recordTyping(
      ["b", "be", "ber"], apart: .milliseconds(50), cancelsInFlight: false, at: path)
    let finding = try #require(try races(at: path).first)
    let race = try #require(finding.race)
    #expect(finding.subject == "queryChanged")
    #expect(race.action == "queryChanged")
    #expect(race.location == "ProfilerTests/Typeahead.swift:\(Typeahead.runLine)")
    #expect(race.name == nil)
    #expect(race.cancelIDs.isEmpty)
    #expect(race.effects == 3)
    // "be" started while "b" slept, "ber" while both did.
    #expect(race.overlaps == 2)
    #expect(finding.seqs == (try keystrokes(at: path)))
    #expect(race.final == #"resultsFor == "ber""#)
    #expect(race.command == #"tca-replay chaos \#(path) --final 'resultsFor == "ber"'"#)
    #expect(
      finding.message.contains("queryChanged started the effect \(try #require(race.location))"))
    #expect(finding.message.contains(".cancellable(id:cancelInFlight:) with cancelInFlight: true"))

    // The predicate holds as recorded, and chaos, delivering the answers in other orders,
    // finds the one where an older query answers last.
    let replay = try Replay(path: path)
    let final = try #require(race.final)
    let recorded = try await replay.explore(
      Typeahead(cancelsInFlight: false), schedule: "v1:", final: [final])
    #expect(recorded.failure == nil, "\(recorded.failure?.description ?? "")")
    let chaos = try await replay.explore(
      Typeahead(cancelsInFlight: false), runs: 100, seed: 1, final: [final])
    let failure = try #require(chaos.failure)
    #expect(failure.kind == .final)
  }

  @Test func theSameDebounceWithCancelInFlightIsNotFlagged() async throws {
    let path = temporaryTracePath()
    try await recordTyping(
      ["b", "be", "ber"], apart: .milliseconds(50), cancelsInFlight: true, at: path)
    // The effects did overlap; the earlier two were cancelled in flight.
    #expect(try runOutcomes(at: path) == [.cancelled, .cancelled, .finished])
    #expect(try races(at: path).isEmpty)
  }

  @Test func debouncesThatNeverOverlapAreNotFlagged() async throws {
    let path = temporaryTracePath()
    try await recordTyping(
      ["b", "be", "ber"], apart: .seconds(1), cancelsInFlight: false, at: path)
    #expect(try runOutcomes(at: path) == [.finished, .finished, .finished])
    #expect(try races(at: path).isEmpty)
  }

  /// On a real clock the recording says whether the debounces overlapped; the finding follows
  /// what was recorded, whatever the timing was.
  @Test(.timeLimit(.minutes(1)))
  func onARealClockTheFindingFollowsWhatWasRecorded() async throws {
    let path = temporaryTracePath()
    let recorder = try Recorder(path: path)
    let store = Store(initialState: Typeahead.State()) {
      Typeahead(cancelsInFlight: false, debounce: .milliseconds(5)).record(to: recorder)
    } withDependencies: {
      $0.continuousClock = ContinuousClock()
    }
    var tasks: [StoreTask] = []
    for query in ["b", "be", "ber"] { tasks.append(store.send(.queryChanged(query))) }
    for task in tasks { await task.finish() }
    await recorder.finish()

    // Overlaps as the recording has them: effects that started before an earlier one ended.
    var runs: [(start: Int64, end: Int64)] = []
    for effect in try TraceReader(path: path).effects() where effect.start.kind == .run {
      let end = try #require(effect.end)
      #expect(end.outcome.spelling == .finished)
      runs.append((effect.start.startNanoseconds, end.endNanoseconds))
    }
    runs.sort { $0.start < $1.start }
    let overlaps = runs.indices.filter { index in
      runs[..<index].contains { $0.end > runs[index].start }
    }.count
    let found = try races(at: path)
    if overlaps == 0 {
      #expect(found.isEmpty)
    } else {
      #expect(found.map(\.subject) == ["queryChanged"])
      #expect(found.first?.race?.overlaps == overlaps)
      #expect(found.first?.race?.effects == 3)
    }
  }
}

/// On traces written action by action: which effects count together (one action case and one
/// source, cancel ids included), and which changes the chaos command's predicate checks.
@Suite struct OverlappingEffectsGroupingTests {
  /// Two effects at `Row.swift:9`, 100 ms apart and living 300 ms, started by `first` and
  /// `second` with the cancel ids given.
  func profile(
    _ first: String, _ second: String, ids: ([String], [String])
  ) throws -> [Finding] {
    var fixture = SessionFixture()
    for (index, (name, cancelIDs)) in [(first, ids.0), (second, ids.1)].enumerated() {
      let start = Int64(index) * 100_000_000
      let seq = fixture.action(name, at: start, duration: 1_000)
      fixture.effect(
        of: seq, kind: "run", location: "Row.swift:9", cancelIDs: cancelIDs, start: start,
        end: start + 300_000_000, outcome: "finished")
    }
    return try TraceProfiler().profile(fixture.write(to: temporaryTracePath(), end: 1_000_000_000))
      .advice.filter { $0.rule == .overlappingEffects }
  }

  @Test func oneCaseAndOneSourceRace() throws {
    let found = try profile("rows.element.load", "rows.element.load", ids: ([], []))
    #expect(found.map(\.subject) == ["rows.element.load"])
    #expect(found.first?.seqs == [1, 2])
    // They sent nothing: chaos compares the whole final state.
    #expect(found.first?.race?.final == nil)
    #expect(found.first?.race?.command.hasSuffix("/trace.sqlite") == true)
    let shared = try profile("rows.element.load", "rows.element.load", ids: (["load"], ["load"]))
    #expect(shared.first?.race?.cancelIDs == ["load"])
    #expect(
      shared.first?.message.contains("cancelInFlight: true in its .cancellable(id: load)") == true)
  }

  /// Two searches that overlap, answering "b" then "be"; between the answers a refresh sets
  /// `isSearching` again, so both answers set it to false: that change cannot tell the orders
  /// apart, and the predicate leaves it out.
  @Test func theFinalPredicateLeavesOutWhatEveryAnswerSets() throws {
    var fixture = SessionFixture()
    fixture.batch.keyframes[0].state = .object([
      .init("isSearching", .bool(false)), .init("resultsFor", .null),
    ])
    func change(_ seq: Int64, _ changes: [(String, TraceValue, TraceValue)]) throws {
      fixture.batch.actions[Int(seq) - 1].stateChanged = true
      fixture.batch.actions[Int(seq) - 1].diff = try changes.map { path, old, new in
        .replace(try TracePath(parsing: path), old: old, new: new)
      }
    }
    var effects: [Int64] = []
    for index in 0..<2 {
      let start = Int64(index) * 50_000_000
      let seq = fixture.action("queryChanged", at: start, duration: 1_000, changes: false)
      if index == 0 { try change(seq, [("isSearching", .bool(false), .bool(true))]) }
      effects.append(
        fixture.effect(
          of: seq, kind: "run", location: "Search.swift:3", start: start,
          end: start + 300_000_000, outcome: "finished", sent: 1))
    }
    let first = fixture.action(
      "search", at: 300_000_000, duration: 1_000, changes: false, from: effects[0])
    try change(
      first,
      [("isSearching", .bool(true), .bool(false)), ("resultsFor", .null, .string("b"))])
    let refresh = fixture.action("refreshTapped", at: 320_000_000, duration: 1_000, changes: false)
    try change(refresh, [("isSearching", .bool(false), .bool(true))])
    let second = fixture.action(
      "search", at: 350_000_000, duration: 1_000, changes: false, from: effects[1])
    try change(
      second,
      [("isSearching", .bool(true), .bool(false)), ("resultsFor", .string("b"), .string("be"))])
    let found = try TraceProfiler().profile(
      fixture.write(to: temporaryTracePath(), end: 1_000_000_000)
    ).advice.filter { $0.rule == .overlappingEffects }
    #expect(found.first?.race?.final == #"resultsFor == "be""#)
  }

  /// Over several traces a race is listed once per action case and effect, from the first
  /// trace that has it, and its command replays that trace.
  @Test func overSeveralTracesEachRaceIsListedOnceWithItsTrace() async throws {
    func write(locations: [String]) throws -> String {
      var fixture = SessionFixture()
      for (index, location) in locations.enumerated() {
        let start = Int64(index) * 100_000_000
        let seq = fixture.action("rows.element.load", at: start, duration: 1_000)
        fixture.effect(
          of: seq, kind: "run", location: location, start: start, end: start + 300_000_000,
          outcome: "finished")
      }
      let path = temporaryTracePath()
      _ = try fixture.write(to: path, end: 1_000_000_000)
      return path
    }
    let a = try write(locations: ["Row.swift:9", "Row.swift:9"])
    let b = try write(locations: ["Row.swift:9", "Row.swift:9", "Row.swift:20", "Row.swift:20"])
    let profile = await TraceProfiler().profile(paths: [a, b], label: "2 traces")
    let found = profile.advice.filter { $0.rule == .overlappingEffects }
    #expect(found.map(\.race?.location) == ["Row.swift:9", "Row.swift:20"])
    #expect(found.map(\.trace) == [a, b])
    #expect(found.map(\.race?.command) == ["tca-replay chaos \(a)", "tca-replay chaos \(b)"])
  }

  @Test func otherCasesOrOtherCancelIDsDoNotRace() throws {
    #expect(try profile("rows.element.load", "rows.element.reload", ids: ([], [])).isEmpty)
    #expect(try profile("rows.element.load", "rows.element.load", ids: (["1"], ["2"])).isEmpty)
  }
}
