import Foundation
import Testing
import Trace
import TraceTestSupport

@testable import Profiler

/// The profile's model is typed (durations, effect kinds, outcomes, cancellation reasons); its
/// JSON keeps the keys and values scripts read: `…Ns` integers, kinds and outcomes as stored,
/// reasons as display text, absent keys for what is not there.
@Suite struct ProfileJSONTests {
  func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  @Test func effectGroupsWriteKindsOutcomesAndReasonsAsText() throws {
    let group = EffectGroupProfile(
      name: "search", kind: .run, count: 4, lifetimeP50: .microseconds(5), lifetimeP95: nil,
      lifetimeMax: .nanoseconds(7_001), outcomes: [.cancelled: 3, .finished: 1], running: 0,
      cancellationReasons: [.cancelInFlight("search"): 2, .parentDismissed: 1],
      actionsSent: 9)
    #expect(
      try json(group)
        == #"{"actionsSent":9,"cancellationReasons":{"cancelInFlight (id: search)":2,"#
        + #""parent dismissed":1},"count":4,"kind":"run","lifetimeMaxNs":7001,"#
        + #""lifetimeP50Ns":5000,"name":"search","outcomes":{"cancelled":3,"finished":1},"#
        + #""running":0}"#)
    #expect(
      try JSONDecoder().decode(EffectGroupProfile.self, from: Data(json(group).utf8)) == group)
  }

  @Test func barsAndLeaksLeaveOutWhatIsNotThere() throws {
    let bar = EffectBar(
      id: 3, actionSeq: 2, name: "Timer.swift:12", kind: .presentation, outcome: nil,
      start: .nanoseconds(1_500), end: nil)
    #expect(
      try json(bar)
        == #"{"actionSeq":2,"id":3,"kind":"presentation","name":"Timer.swift:12","startNs":1500}"#
    )
    var ended = bar
    (ended.outcome, ended.end) = (.failed, .nanoseconds(2_000))
    #expect(try json(ended).contains(#""endNs":2000,"id":3,"kind":"presentation","#))
    #expect(try json(ended).contains(#""outcome":"failed","#))
    let leak = LeakedEffect(
      id: 1, actionSeq: 4, actionName: "timer.view.start", name: nil, location: nil, kind: .run,
      cancelIDs: [], start: .seconds(2))
    #expect(
      try json(leak)
        == #"{"actionName":"timer.view.start","actionSeq":4,"cancelIDs":[],"id":1,"kind":"run","#
        + #""startNs":2000000000}"#)
    #expect(leak.label == "run")
  }

  @Test func aProfileReadsBackFromItsJSON() throws {
    var fixture = SessionFixture()
    let query = fixture.action("search.view.query", at: 1_000, duration: 3_000)
    fixture.effect(
      of: query, kind: "run", name: "search", cancelIDs: ["search"], start: 5_000, end: 9_000,
      outcome: "cancelled", reason: "cancel(id: search)")
    fixture.effect(of: query, kind: "send", start: 6_000, end: 7_000, outcome: "finished")
    fixture.effect(of: query, kind: "run", location: "Timer.swift:3", start: 8_000)
    fixture.scope("search", of: query, self: 1_000, total: 2_000)
    let profile = try TraceProfiler().profile(
      fixture.write(to: temporaryTracePath(), end: 1_000_000))
    let data = try JSONEncoder().encode(profile)
    #expect(try JSONDecoder().decode(Profile.self, from: data) == profile)
    #expect(profile.options.budget == .milliseconds(16))
    #expect(try json(profile.options).contains(#""budgetNs":16000000"#))
  }
}
