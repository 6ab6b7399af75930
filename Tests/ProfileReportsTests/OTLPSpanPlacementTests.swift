import Foundation
import ProfileReports
import Testing
import Trace
import TraceTestSupport

/// Where the OTLP export puts each span: in time, from the recording's start, and in the tree,
/// a nested scope under the scope around it.
@Suite struct OTLPSpanPlacementTests {
  /// The fixture's header starts at 2026-11-23T00:00:00Z: 1,795,392,000 s after 1970.
  static let origin: Int64 = 1_795_392_000 * 1_000_000_000

  /// The spans of the export of `trace`, by name.
  static func spans(of trace: TraceReader) throws -> [String: [String: Any]] {
    let file = temporaryPath("placement.otlp.json")
    _ = try OTLPExporter(trace: trace).export(to: file)
    let data = try Data(contentsOf: URL(fileURLWithPath: file))
    let object = try JSONSerialization.jsonObject(with: data)
    let request = try #require(object as? [String: Any])
    let resource = try #require((request["resourceSpans"] as? [[String: Any]])?.first)
    let scope = try #require((resource["scopeSpans"] as? [[String: Any]])?.first)
    let spans = try #require(scope["spans"] as? [[String: Any]])
    return Dictionary(uniqueKeysWithValues: spans.map { ($0["name"] as? String ?? "", $0) })
  }

  /// A span's start or end, in nanoseconds since 1970 (protobuf's JSON spells it as a string).
  static func time(_ span: [String: Any]?, _ key: String) -> Int64? {
    (span?[key] as? String).flatMap { Int64($0) }
  }

  @Test func spansStartAtTheRecordingsStartPlusTheirOffset() throws {
    var fixture = SessionFixture()
    let tap = fixture.action("app.view.tap", at: 1_000_000, duration: 900_000)
    fixture.effect(
      of: tap, kind: "run", name: "load", start: 1_500_000, end: 3_000_000, outcome: "finished")
    let spans = try Self.spans(of: fixture.write(to: temporaryTracePath(), end: 10_000_000))
    #expect(Self.time(spans["app.view.tap"], "startTimeUnixNano") == Self.origin + 1_000_000)
    #expect(Self.time(spans["app.view.tap"], "endTimeUnixNano") == Self.origin + 1_900_000)
    #expect(Self.time(spans["load"], "startTimeUnixNano") == Self.origin + 1_500_000)
    #expect(Self.time(spans["load"], "endTimeUnixNano") == Self.origin + 3_000_000)
  }

  @Test func aNestedScopeIsAChildOfTheScopeAroundIt() throws {
    var fixture = SessionFixture()
    let tap = fixture.action("app.view.tap", at: 1_000_000, duration: 900_000)
    fixture.scope("counter", of: tap, self: 100_000, total: 600_000)
    fixture.scope("counter/timer", of: tap, self: 300_000, total: 500_000)
    fixture.scope("counter/timer/ticks", of: tap, self: 200_000, total: 200_000)
    fixture.scope("settings", of: tap, self: 100_000, total: 100_000)
    let spans = try Self.spans(of: fixture.write(to: temporaryTracePath(), end: 10_000_000))
    let id = { (name: String) in spans[name]?["spanId"] as? String }
    let parent = { (name: String) in spans[name]?["parentSpanId"] as? String }
    #expect(id("app.view.tap") != nil)
    #expect(parent("counter") == id("app.view.tap"))
    #expect(parent("counter/timer") == id("counter"))
    #expect(parent("counter/timer/ticks") == id("counter/timer"))
    #expect(parent("settings") == id("app.view.tap"))
    // Laid out from the parent's start, siblings one after another.
    #expect(Self.time(spans["counter/timer"], "startTimeUnixNano") == Self.origin + 1_000_000)
    #expect(Self.time(spans["settings"], "startTimeUnixNano") == Self.origin + 1_600_000)
  }
}
