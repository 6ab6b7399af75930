import Foundation
import GRDB
import TestSupport
import Testing
import Trace

/// `forEachChange(of:)` reads the candidate actions on a thread of its own, in batches: many
/// batches come out in order, and an error on either side ends the listing without hanging.
@Suite struct ForEachChangeReadAheadTests {
  static let actionCount: Int64 = 5000

  /// A trace whose every action increments `count`, named `a` or `b` by turns of 3, and whose
  /// every seventh action also sets `other` to its seq.
  func makeTrace() throws -> String {
    let path = temporaryPath()
    let header = TraceHeader(
      recorderVersion: "test", stateType: "S", actionType: "A",
      startedAt: "2026-11-21T00:00:00Z", keyframeInterval: 1000,
      options: TraceHeader.Options(keyframeInterval: 1000))
    let writer = try TraceWriter(path: path, header: header)
    var batch = TraceBatch()
    batch.keyframes.append(
      KeyframeRecord(
        seq: 0, state: .object([.init("count", .int(0)), .init("other", .int(0))]), codable: nil))
    for seq in 1...Self.actionCount {
      var diff: [DiffOperation] = [
        .replace(TracePath([.field("count")]), old: .int(seq - 1), new: .int(seq))
      ]
      if seq % 7 == 0 {
        diff.append(.replace(TracePath([.field("other")]), old: .int(seq - 7), new: .int(seq)))
      }
      batch.actions.append(
        ActionRecord(
          seq: seq, origin: .send, name: Self.name(of: seq), payload: nil,
          startNanoseconds: seq * 1000, durationNanoseconds: 10, stateChanged: true,
          stateHash: seq, diff: diff))
    }
    try writer.write(batch)
    try writer.finish(cleanly: true, reason: "finished", endNanoseconds: 99_000_000)
    return path
  }

  static func name(of seq: Int64) -> String { seq / 3 % 2 == 0 ? "a" : "b" }

  @Test func followsManyBatchesInOrder() throws {
    let trace = try TraceReader(path: try self.makeTrace())
    var seqs: [Int64] = []
    try trace.forEachChange(of: TracePath([.field("count")])) { change in
      #expect(change.old == .int(change.seq - 1))
      #expect(change.new == .int(change.seq))
      #expect(change.actionName == Self.name(of: change.seq))
      seqs.append(change.seq)
    }
    #expect(seqs == Array(1...Self.actionCount))

    var others: [PathChange] = []
    try trace.forEachChange(of: TracePath([.field("other")])) { others.append($0) }
    #expect(others.map(\.seq) == Array(stride(from: 7, through: Self.actionCount, by: 7)))
    #expect(others.last?.old == .int(4991))
    #expect(others.last?.new == .int(4998))
  }

  struct Stop: Error, Equatable {}

  @Test func aBodyThatThrowsEndsTheListing() throws {
    let trace = try TraceReader(path: try self.makeTrace())
    var count = 0
    #expect(throws: Stop()) {
      try trace.forEachChange(of: TracePath([.field("count")])) { _ in
        count += 1
        if count == 1500 { throw Stop() }
      }
    }
    #expect(count == 1500)
    // The reading thread has let go of the trace.
    #expect(
      try trace.state(at: 10) == .object([.init("count", .int(10)), .init("other", .int(7))]))
  }

  @Test func aFailureWhileReadingEndsTheListing() throws {
    let path = try self.makeTrace()
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in try db.execute(sql: "DELETE FROM keyframes") }
    try queue.close()
    let trace = try TraceReader(path: path)
    var count = 0
    #expect {
      try trace.forEachChange(of: TracePath([.field("count")])) { _ in count += 1 }
    } throws: { error in
      "\(error)".contains("found no keyframe at or before 0")
    }
    #expect(count == 0)
  }
}
