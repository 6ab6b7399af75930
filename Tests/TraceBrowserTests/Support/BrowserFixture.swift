import Foundation
import TestSupport
import Trace

@testable import TraceBrowser

/// A small trace written for the tests, with every action derivable from its seq, so a test can
/// say what a row must be without reading the trace back.
///
/// Seqs 1...`count`: every tenth action adds a todo (`todos.view.addTodoButtonTapped`, inserting
/// `todos[id: seq]`), the others increment `counter.count`. Actions whose seq ends in 5 came
/// from effect #7. Action *n* started at *n* ms. Effect #1 (started by #3) is still running; effect
/// #2 (started by #4) finished at 4.5 ms. Action #1 ran the `counter` scope.
struct BrowserFixture {
  let path: String
  let count: Int64
  /// The writer, still open when the fixture was made `stillWriting`.
  let writer: TraceWriter?

  init(count: Int64 = 100, stillWriting: Bool = false) throws {
    let folder = temporaryFolder("tca-replay-browser-tests")
    self.path = folder.appendingPathComponent("trace.sqlite").path
    self.count = count
    let writer = try TraceWriter(
      path: self.path,
      header: TraceHeader(
        recorderVersion: "test", stateType: "App.State", actionType: "App.Action",
        startedAt: "2026-11-23T00:00:00Z", keyframeInterval: 1000, options: TraceHeader.Options()))
    var batch = TraceBatch()
    batch.keyframes.append(KeyframeRecord(seq: 0, state: Self.state(after: 0), codable: nil))
    for seq in 1...count {
      batch.actions.append(Self.record(seq))
    }
    batch.effectStarts = [
      EffectStartRecord(
        id: 1, actionSeq: 3, kind: .run, name: "timer", cancelIDs: ["timer"],
        location: "Counter.swift:12", startNanoseconds: 3_100_000),
      EffectStartRecord(
        id: 2, actionSeq: 4, kind: .send, name: nil, cancelIDs: [], location: nil,
        startNanoseconds: 4_100_000),
    ]
    batch.effectEnds = [
      EffectEndRecord(
        id: 2, endNanoseconds: 4_500_000, outcome: .finished,
        actionsSent: 1)
    ]
    batch.scopes = [
      ScopeRecord(
        actionSeq: 1, path: "counter", selfNanoseconds: 2_000, totalNanoseconds: 3_000, calls: 1)
    ]
    try writer.write(batch)
    if stillWriting {
      self.writer = writer
    } else {
      try writer.finish(cleanly: true, reason: "finished", endNanoseconds: (count + 1) * 1_000_000)
      self.writer = nil
    }
  }

  /// Records more actions into a fixture made `stillWriting`.
  func append(_ seqs: ClosedRange<Int64>) throws {
    var batch = TraceBatch()
    batch.actions = seqs.map(Self.record)
    try self.writer?.write(batch)
  }

  static let increment = "counter.view.incrementButtonTapped"
  static let addTodo = "todos.view.addTodoButtonTapped"
  static let countPath = TracePath([.field("counter"), .field("count")])

  static func name(_ seq: Int64) -> String {
    seq.isMultiple(of: 10) ? Self.addTodo : Self.increment
  }

  static func headline(_ seq: Int64) -> ActionHeadline {
    ActionHeadline(
      seq: seq, origin: seq % 10 == 5 ? .effect(7) : .send, name: Self.name(seq),
      startNanoseconds: seq * 1_000_000, durationNanoseconds: 10_000, stateChanged: true)
  }

  static func headlines(_ seqs: ClosedRange<Int64>) -> [ActionHeadline] {
    seqs.map(Self.headline)
  }

  static func todo(_ id: Int64) -> TraceValue {
    .object([.init("id", .int(id)), .init("title", .string("todo \(id)"))])
  }

  /// The count after action `seq`: one per action that was not a tenth.
  static func countAfter(_ seq: Int64) -> Int64 { seq - seq / 10 }

  static func state(after seq: Int64) -> TraceValue {
    .object([
      .init("counter", .object([.init("count", .int(Self.countAfter(seq)))])),
      .init("todos", .array(stride(from: 10, through: seq, by: 10).map(Self.todo))),
    ])
  }

  static func record(_ seq: Int64) -> ActionRecord {
    let headline = Self.headline(seq)
    let diff: [DiffOperation] =
      seq.isMultiple(of: 10)
      ? [.insert(TracePath([.field("todos"), .id("\(seq)")]), Self.todo(seq))]
      : [
        .replace(
          Self.countPath, old: .int(Self.countAfter(seq - 1)), new: .int(Self.countAfter(seq)))
      ]
    return ActionRecord(
      seq: seq, origin: headline.origin, name: headline.name, payload: nil,
      startNanoseconds: headline.startNanoseconds,
      durationNanoseconds: headline.durationNanoseconds, stateChanged: true, stateHash: seq,
      diff: diff)
  }

  static func detail(_ seq: Int64) -> CursorDetail {
    CursorDetail(action: Self.record(seq), state: Self.state(after: seq))
  }
}
