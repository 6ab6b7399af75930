import Foundation
import GRDB
import TraceTestSupport
import Testing

@testable import Trace

/// The writer inserts up to `RawInsert.rowsPerStatement` rows per statement: every row arrives
/// once, in order, on either side of a statement's boundary.
@Suite struct TraceWriterRowsTests {
  @Test(arguments: [1, 31, 32, 33, 64, 70])
  func everyRowOfABatchArrives(count: Int) throws {
    let path = temporaryPath()
    let writer = try TraceWriter.forTests(at: path, keyframeInterval: 1_000)
    let count = Int64(count)
    var batch = TraceBatch()
    batch.keyframes.append(KeyframeRecord(seq: 0, state: .object([]), codable: nil))
    for seq in 1...count {
      let count = try TracePath(parsing: "count")
      let title = try TracePath(parsing: "title")
      // Every third action changes two paths, one of them twice.
      let diff: [DiffOperation] =
        seq.isMultiple(of: 3)
        ? [
          .replace(count, old: .int(seq - 1), new: .int(seq)),
          .replace(title, old: .string(""), new: .string("a")),
          .replace(count, old: .int(seq), new: .int(seq + 1)),
        ]
        : [.replace(count, old: .int(seq - 1), new: .int(seq))]
      batch.actions.append(
        ActionRecord(
          seq: seq, origin: seq.isMultiple(of: 2) ? .effect(seq) : .send, name: "action\(seq)",
          payload: nil, startNanoseconds: seq * 10, durationNanoseconds: 1, stateChanged: true,
          stateHash: seq, diff: diff, site: SendSite(file: "Feature.swift", line: Int(seq))))
      batch.scopes.append(
        ScopeRecord(
          actionSeq: seq, path: "child", selfNanoseconds: 1, totalNanoseconds: 2, calls: 1))
    }
    // The same scope twice for the last action: its row adds the two up.
    batch.scopes.append(
      ScopeRecord(actionSeq: count, path: "child", selfNanoseconds: 5, totalNanoseconds: 7, calls: 1))
    try writer.write(batch)
    try writer.finish(cleanly: true, reason: "finished", endNanoseconds: 0)

    let trace = try TraceReader(path: path)
    let actions = try trace.actions(in: 1...count)
    #expect(actions.map(\.seq) == Array(1...count))
    #expect(actions.map(\.name) == (1...count).map { "action\($0)" })
    #expect(actions.map(\.site?.line) == (1...count).map { Int($0) })
    #expect(actions.map(\.origin) == (1...count).map { $0.isMultiple(of: 2) ? .effect($0) : .send })
    #expect(try trace.actions(changing: TracePath(parsing: "count")) == Array(1...count))
    #expect(
      try trace.actions(changing: TracePath(parsing: "title"))
        == (1...count).filter { $0.isMultiple(of: 3) })
    let scopes = try (1...count).flatMap { try trace.scopes(of: $0) }
    #expect(scopes.count == Int(count))
    #expect(scopes.last?.selfNanoseconds == 6)
    #expect(scopes.last?.totalNanoseconds == 9)
    #expect(scopes.last?.calls == 2)
    #expect(scopes.dropLast().allSatisfy { $0.calls == 1 && $0.totalNanoseconds == 2 })
  }
}
