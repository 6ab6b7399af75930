import Foundation
import Testing
import Trace

@testable import ProfileReports
import TraceTestSupport

@Suite struct ChromeTraceExportTests {
  @Test func demoTraceExportFollowsTheFormat() throws {
    let trace = try TraceReader(path: copyOfDemoTrace())
    let output = temporaryTracePath("demo-export").replacingOccurrences(
      of: ".sqlite", with: ".json")
    let summary = try ChromeTraceExporter(trace: trace).export(to: output)
    let validator = try ChromeTraceValidator(path: output)
    #expect(validator.problems == [])
    #expect(validator.events.count == summary.events)

    let actions = try trace.actionSummary().count
    let effects = try trace.effects()
    var scopes = 0
    try trace.forEachActionSlice { scopes += $0.scopes.count }
    #expect(validator.events("X", category: "action").count == actions)
    #expect(validator.events("X", category: "scope").count == scopes)
    #expect(validator.events("X", category: "effect").count == effects.count)
    // One arrow per effect from the action that started it, one per action an effect sent.
    let sent = try trace.actions(in: 1...Int64(actions)).filter {
      if case .effect = $0.origin { true } else { false }
    }.count
    #expect(validator.events("s").count == effects.count + sent)
    #expect(validator.events("C").count > 0)
    let names = validator.events("M").compactMap {
      ($0["args"] as? [String: Any])?["name"] as? String
    }
    #expect(names.contains("store (reducers)"))
    #expect(names.contains("effects 1"))
    #expect(summary.effectTracks > 1)  // the demo has overlapping effects
  }

  @Test func overlappingAndLeakedEffectsGetSiblingTracks() throws {
    var fixture = SessionFixture()
    let first = fixture.action("a.view.start", at: 1_000_000, duration: 10_000)
    fixture.scope("a", of: first, self: 2_000, total: 6_000)
    fixture.scope("a/b", of: first, self: 4_000, total: 4_000)
    fixture.scope("a b", of: first, self: 1_000, total: 1_000)
    let long = fixture.effect(of: first, kind: "run", name: "long", start: 1_020_000)
    let short = fixture.effect(
      of: first, kind: "run", name: "short", start: 1_030_000, end: 2_000_000,
      outcome: "finished", sent: 1)
    fixture.action("a.internal.done", at: 2_000_000, duration: 5_000, from: short)
    fixture.effect(
      of: first, kind: "run", name: "later", start: 3_000_000, end: 4_000_000,
      outcome: "cancelled", reason: "cancel(id: x)")
    let trace = try fixture.write(to: temporaryTracePath(), end: 9_000_000)
    let output = temporaryTracePath("export").replacingOccurrences(of: ".sqlite", with: ".json")
    let summary = try ChromeTraceExporter(trace: trace).export(to: output)
    let validator = try ChromeTraceValidator(path: output)
    #expect(validator.problems == [])
    #expect(summary.effectTracks == 2)
    let effects = validator.events("X", category: "effect")
    let leaked = try #require(effects.first { $0["name"] as? String == "long" })
    #expect((leaked["args"] as? [String: Any])?["outcome"] as? String == "running at the end")
    #expect(leaked["dur"] as? Double == Double(9_000_000 - 1_020_000) / 1000)
    #expect(long == 1)
    // The action that the short effect sent is linked from it.
    let finishes = validator.events("f").filter { $0["tid"] as? Int == 1 }
    #expect(finishes.map { $0["ts"] as? Double } == [2000.0])
  }

  /// Enough actions, scopes and effects that the output is written out in several megabyte
  /// chunks: the chunks join into one valid file with every event.
  @Test func aLongerTraceStreamsIntoOneValidFile() throws {
    var fixture = SessionFixture()
    let count = 12_000
    for index in 0..<count {
      let start = Int64(index) * 50_000
      let seq = fixture.action("list.view.rowTapped", at: start, duration: 20_000)
      fixture.scope("list", of: seq, self: 5_000, total: 15_000)
      fixture.scope("list/rows[id: \(index % 7)]", of: seq, self: 10_000, total: 10_000)
      if index.isMultiple(of: 100) {
        let effect = fixture.effect(
          of: seq, kind: "run", name: "load", start: start + 20_000, end: start + 5_000_000,
          outcome: "finished", sent: 1)
        fixture.action(
          "list.internal.loaded", at: start + 5_000_000 + 1_000, duration: 1_000, from: effect)
      }
    }
    let trace = try fixture.write(to: temporaryTracePath(), end: Int64(count) * 50_000 + 10_000_000)
    let output = temporaryTracePath("long").replacingOccurrences(of: ".sqlite", with: ".json")
    let summary = try ChromeTraceExporter(trace: trace).export(to: output)
    #expect(summary.bytes > 2 * JSONByteSink.flushThreshold)
    let validator = try ChromeTraceValidator(path: output)
    #expect(validator.problems == [])
    #expect(validator.events.count == summary.events)
    #expect(validator.events("X", category: "action").count == fixture.batch.actions.count)
    #expect(validator.events("X", category: "scope").count == fixture.batch.scopes.count)
    #expect(validator.events("X", category: "effect").count == fixture.batch.effectStarts.count)
    #expect(validator.events("s").count == 2 * fixture.batch.effectStarts.count)
  }

  /// What the export's closures throw (a write that failed) comes out of the reader as it was,
  /// not as a damaged trace.
  @Test func errorsOfTheCallerPassThroughTheReader() throws {
    struct Stop: Error, Equatable {}
    let trace = try TraceReader(path: copyOfDemoTrace())
    #expect(throws: Stop()) { try trace.forEachActionSlice { _ in throw Stop() } }
    #expect(throws: Stop()) { try trace.forEachEffectEvent { _ in throw Stop() } }
  }
}
