import TestSupport
import Testing
import Trace
import TraceTestSupport

/// `missingPath`: a path a trace never holds, told apart from one it holds somewhere, with the
/// closest path it does hold.
@Suite struct MissingPathTests {
  /// A checkout's trace: no items and a total of 0 at first; #1 adds an item (inserted whole),
  /// #2 updates the total.
  static func checkoutTrace() throws -> TraceReader {
    let path = temporaryPath()
    let writer = try TraceWriter.forTests(at: path)
    var batch = TraceBatch()
    batch.keyframes.append(
      KeyframeRecord(
        seq: 0,
        state: .object([
          .init("items", .array([])), .init("totalCents", .int(0)), .init("orderID", .null),
        ]),
        codable: nil))
    let item = TraceValue.object([.init("id", .int(1)), .init("name", .string("tea"))])
    let diffs: [[DiffOperation]] = [
      [.insert(TracePath([.field("items"), .index(0)]), item)],
      [.replace(TracePath([.field("totalCents")]), old: .int(0), new: .int(450))],
    ]
    for (index, diff) in diffs.enumerated() {
      let seq = Int64(index + 1)
      batch.actions.append(
        ActionRecord(
          seq: seq, origin: .send, name: "addItem", payload: nil, startNanoseconds: seq * 1_000,
          durationNanoseconds: 100, stateChanged: true, stateHash: seq, diff: diff))
    }
    try writer.write(batch)
    try writer.finish(cleanly: true, reason: "finished", endNanoseconds: 3_000)
    return try TraceReader(path: path)
  }

  @Test func aPathNeverHeldNamesTheClosestOne() throws {
    let trace = try Self.checkoutTrace()
    let missing = try #require(try trace.missingPath(TracePath(parsing: "total")))
    #expect(missing.suggestion == (try TracePath(parsing: "totalCents")))
    #expect(missing.description == "no such path: total; did you mean totalCents?")
    let far = try #require(try trace.missingPath(TracePath(parsing: "shipping.address")))
    #expect(far.suggestion == nil)
    #expect(far.description == "no such path: shipping.address")
  }

  @Test func aPathHeldSomewhereIsNotMissing() throws {
    let trace = try Self.checkoutTrace()
    // Null in the initial state; inside an element inserted whole by #1; the root.
    for text in ["orderID", "items[0].name", "items", ""] {
      #expect(try trace.missingPath(TracePath(parsing: text)) == nil, "\(text)")
    }
    // The first missing one of several.
    let missing = try trace.missingPath(
      among: [TracePath(parsing: "items"), TracePath(parsing: "items[0].nme")])
    #expect(missing?.description == "no such path: items[0].nme; did you mean items[0].name?")
  }

  @Test func closeMeansAFewEditsOrAPrefix() {
    #expect(MissingPath.closest(to: "totl", among: ["items", "total"]) == "total")
    #expect(MissingPath.closest(to: "orderid", among: ["orderID", "order"]) == "orderID")
    #expect(MissingPath.closest(to: "total", among: ["totalCents", "items"]) == "totalCents")
    #expect(MissingPath.closest(to: "s", among: ["search"]) == nil)
    #expect(MissingPath.closest(to: "zzz", among: ["count", "items"]) == nil)
  }
}
