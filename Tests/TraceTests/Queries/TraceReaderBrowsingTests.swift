import Foundation
import TestSupport
import Testing

@testable import Trace

/// The queries of `TraceReader+Browsing.swift` (in the Trace module), on a trace with a gap.
@Suite struct TraceReaderBrowsingTests {
  let reader: TraceReader

  static func path(_ text: String) -> TracePath { try! TracePath(parsing: text) }

  /// Seqs 1, 2, 3, 5, 6 (4 was denied). #1 changes `todos[id: 3].done`, #2 replaces `todos`
  /// whole, #3 inserts `todos[id: 4]`, #5 changes `counter`, #6 `todos[id: 3].title`.
  init() throws {
    let actions: [(Int64, String, DiffOperation)] = [
      (
        1, "todos.one",
        .replace(Self.path("todos[id: 3].done"), old: .bool(false), new: .bool(true))
      ),
      (2, "todos.two", .replace(Self.path("todos"), old: .array([]), new: .array([]))),
      (3, "todos.one", .insert(Self.path("todos[id: 4]"), .null)),
      (5, "counter.Three", .replace(Self.path("counter"), old: .int(0), new: .int(1))),
      (
        6, "todos.two",
        .replace(Self.path("todos[id: 3].title"), old: .string(""), new: .string("a"))
      ),
    ]
    var batch = TraceBatch()
    batch.keyframes = [KeyframeRecord(seq: 0, state: .object([]), codable: nil)]
    batch.actions = actions.map { seq, name, diff in
      ActionRecord(
        seq: seq, origin: .send, name: name, payload: nil, startNanoseconds: seq,
        durationNanoseconds: 1, stateChanged: true, stateHash: seq, diff: [diff])
    }
    self.reader = try Self.trace(batch)
  }

  static func trace(_ batch: TraceBatch) throws -> TraceReader {
    let path = temporaryPath("browsing.sqlite")
    let writer = try TraceWriter(
      path: path,
      header: TraceHeader(
        recorderVersion: "test", stateType: "S", actionType: "A", startedAt: "",
        keyframeInterval: 100,
        options: TraceHeader.Options()))
    try writer.write(batch)
    try writer.finish(cleanly: true, reason: "finished", endNanoseconds: 10)
    return try TraceReader(path: path)
  }

  @Test func movesByRowsAcrossGapsAndClampsAtTheEnds() throws {
    #expect(try self.reader.bounds() == 1...6)
    #expect(try self.reader.seq(3, movedBy: 1) == 5)
    #expect(try self.reader.seq(4, movedBy: 0) == 5)
    #expect(try self.reader.seq(5, movedBy: -2) == 2)
    #expect(try self.reader.seq(1, movedBy: 100) == 6)
    #expect(try self.reader.seq(6, movedBy: -100) == 1)
    #expect(try self.reader.headlines(from: 2, limit: 3).map(\.seq) == [2, 3, 5])
    #expect(try self.reader.headlines(from: 5, .backward, limit: 10).map(\.seq) == [3, 2, 1])
    let first = try #require(try self.reader.headlines(from: 1, limit: 1).first)
    #expect(
      first
        == ActionHeadline(
          seq: 1, origin: .send, name: "todos.one", startNanoseconds: 1, durationNanoseconds: 1,
          stateChanged: true))
  }

  @Test func findsNamesContainingTextIgnoringCase() throws {
    #expect(try self.reader.action(named: "ONE", from: 1, .forward) == 3)
    #expect(try self.reader.action(named: "one", from: 3, .forward) == nil)
    #expect(try self.reader.action(named: "two", from: 6, .backward) == 2)
    #expect(try self.reader.action(named: "three", from: 0, .forward) == 5)
    #expect(try self.reader.action(named: "todos.", from: 3, .forward) == 6)
  }

  @Test func findsChangesAtInsideAndAboveAPath() throws {
    let todo = Self.path("todos[id: 3]")
    #expect(try self.reader.actions(changing: todo, in: 1...6) == [1, 2, 6])
    #expect(try self.reader.actions(changing: todo, in: 2...5) == [2])
    #expect(try self.reader.actions(changing: TracePath(), in: 1...6) == [1, 2, 3, 5, 6])
    #expect(try self.reader.change(of: todo, from: 2, .forward) == 6)
    #expect(try self.reader.change(of: todo, from: 6, .backward) == 2)
    #expect(try self.reader.change(of: todo, from: 6, .forward) == nil)
    #expect(try self.reader.change(of: Self.path("counter.count"), from: 0, .forward) == 5)
  }

  @Test func findsChangesUnderAPathWithManyDistinctPathsInside() throws {
    var batch = TraceBatch()
    batch.keyframes = [KeyframeRecord(seq: 0, state: .object([]), codable: nil)]
    let count = Int64(TraceReader.distinctPathLimit + 20)
    batch.actions = (1...count).map { seq in
      ActionRecord(
        seq: seq, origin: .send, name: "set", payload: nil, startNanoseconds: seq,
        durationNanoseconds: 1, stateChanged: true, stateHash: seq,
        diff: [.replace(Self.path("items[\(seq)].x"), old: .int(0), new: .int(1))])
    }
    let reader = try Self.trace(batch)
    #expect(try reader.actions(changing: Self.path("items"), in: 1...count).count == Int(count))
    #expect(try reader.change(of: Self.path("items"), from: 150, .forward) == 151)
    #expect(try reader.change(of: Self.path("items[7]"), from: 1, .forward) == 7)
  }
}
