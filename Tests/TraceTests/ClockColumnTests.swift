import Foundation
import TraceTestSupport
import Testing

@testable import Trace

/// Schema 8's `actions.clock_ns` reads back as written, null where the app's clock was not read;
/// a version 7 sample reads it as null everywhere, and its sleeps as they were.
@Suite struct ClockColumnTests {
  @Test func theClockReadsBackAsWritten() throws {
    let path = temporaryPath()
    let writer = try TraceWriter.forTests(at: path)
    var batch = TraceBatch()
    batch.keyframes.append(KeyframeRecord(seq: 0, state: .object([]), codable: nil))
    batch.actions = [
      ActionRecord(
        seq: 1, origin: .send, name: "a", payload: nil, startNanoseconds: 1,
        durationNanoseconds: 1, stateChanged: false, stateHash: 0, diff: [],
        clockNanoseconds: 380_000_000),
      ActionRecord(
        seq: 2, origin: .effect(1), name: "b", payload: nil, startNanoseconds: 2,
        durationNanoseconds: 1, stateChanged: false, stateHash: 0, diff: []),
    ]
    try writer.write(batch)
    try writer.finish(cleanly: true, reason: "finished", endNanoseconds: 4)
    let trace = try TraceReader(path: path)
    #expect(trace.header.schemaVersion == 8)
    #expect(try trace.actions(in: 1...2).map(\.clockNanoseconds) == [380_000_000, nil])
  }

  @Test func aVersion7TraceHasNoClockTimes() throws {
    let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Recordings/demo-v7.sqlite")
    let trace = try TraceReader(path: sample.path)
    let (_, first, last) = try trace.actionSummary()
    #expect(try trace.actions(in: first!...last!).allSatisfy { $0.clockNanoseconds == nil })
  }
}
