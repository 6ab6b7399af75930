import Foundation
import TraceTestSupport
import Testing

@testable import Trace

/// Schema 7's `actions.reads` reads back as written: paths (ids and keys quoted as paths are),
/// an empty list, and null for an action whose reads the recorder did not take; an older sample
/// trace reads them all as null.
@Suite struct ReadsColumnTests {
  @Test func readsReadBackAsWritten() throws {
    let path = temporaryPath()
    let writer = try TraceWriter.forTests(at: path)
    var batch = TraceBatch()
    batch.keyframes.append(KeyframeRecord(seq: 0, state: .object([]), codable: nil))
    let reads = try [
      TracePath(parsing: "cart.items"), TracePath(parsing: "todos[id: 3].isComplete"),
      TracePath(parsing: ##"items.path["#0"].detail"##),
    ]
    batch.actions = [
      ActionRecord(
        seq: 1, origin: .send, name: "a", payload: nil, startNanoseconds: 1,
        durationNanoseconds: 1, stateChanged: false, stateHash: 0, diff: [], reads: reads),
      ActionRecord(
        seq: 2, origin: .send, name: "b", payload: nil, startNanoseconds: 2,
        durationNanoseconds: 1, stateChanged: false, stateHash: 0, diff: [], reads: []),
      ActionRecord(
        seq: 3, origin: .send, name: "c", payload: nil, startNanoseconds: 3,
        durationNanoseconds: 1, stateChanged: false, stateHash: 0, diff: []),
    ]
    try writer.write(batch)
    try writer.finish(cleanly: true, reason: "finished", endNanoseconds: 4)
    let trace = try TraceReader(path: path)
    #expect(trace.header.schemaVersion >= 7)
    #expect(try trace.actions(in: 1...3).map(\.reads) == [reads, [], nil])
  }

  @Test func anOlderTraceHasNoReads() throws {
    let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Recordings/demo-v6.sqlite")
    let trace = try TraceReader(path: sample.path)
    #expect(try trace.action(1)?.reads == nil)
  }
}
