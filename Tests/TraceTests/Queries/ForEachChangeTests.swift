import Foundation
import GRDB
import TestSupport
import Testing
import Trace

/// `forEachChange(of:)` against the states it follows: for every path, it reports exactly the
/// candidate actions (``TraceReader/actions(changing:)``) after which the value there differs,
/// with the values the rebuilt states hold before and after.
@Suite struct ForEachChangeTests {
  struct Change: Equatable {
    var seq: Int64
    var name: String
    var old: TraceValue?
    var new: TraceValue?
  }

  static func todo(_ id: Int64, _ title: String, done: Bool = false) -> TraceValue {
    .object([.init("id", .int(id)), .init("title", .string(title)), .init("done", .bool(done))])
  }

  static func state(count: Int64, todos: [TraceValue], editor: String? = nil) -> TraceValue {
    let destination: TraceValue =
      editor.map { .object([.init("editor", .object([.init("name", .string($0))]))]) } ?? .null
    return .object([
      .init("count", .int(count)), .init("todos", .array(todos)), .init("destination", destination),
    ])
  }

  /// The actions of the trace: each one's name, the state after it, and its diff when it is not
  /// the differ's (a whole value replaced, an element addressed by position).
  static let steps: [(name: String, state: TraceValue, diff: [DiffOperation]?)] = {
    let todos = TracePath([.field("todos")])
    let jam = [todo(3, "Jam", done: true), todo(4, "Tea")]
    let reset = state(count: 0, todos: [todo(3, "Jam", done: true)])
    return [
      ("increment", state(count: 1, todos: [todo(1, "Milk"), todo(3, "Eggs")]), nil),
      ("retitle", state(count: 1, todos: [todo(1, "Milk"), todo(3, "Bread")]), nil),
      ("add", state(count: 1, todos: [todo(1, "Milk"), todo(3, "Bread"), todo(4, "Tea")]), nil),
      ("remove", state(count: 1, todos: [todo(3, "Bread"), todo(4, "Tea")]), nil),
      (
        "replaceTodos", state(count: 1, todos: jam),
        [.replace(todos, old: .array([todo(3, "Bread"), todo(4, "Tea")]), new: .array(jam))]
      ),
      ("present", state(count: 1, todos: jam, editor: "Tent"), nil),
      ("rename", state(count: 1, todos: jam, editor: "Tarp"), nil),
      ("dismiss", state(count: 1, todos: jam), nil),
      (
        "reset", reset,
        [.replace(TracePath(), old: state(count: 1, todos: jam), new: reset)]
      ),
      ("incrementAndUntick", state(count: 1, todos: [todo(3, "Jam")]), nil),
      (
        "replaceTodosWithSame", state(count: 1, todos: [todo(3, "Jam")]),
        [.replace(todos, old: .array([todo(3, "Jam")]), new: .array([todo(3, "Jam")]))]
      ),
      (
        "insertFirst", state(count: 1, todos: [todo(5, "Oats"), todo(3, "Jam")]),
        [.insert(todos.appending(.index(0)), todo(5, "Oats"))]
      ),
      (
        "removeFirst", state(count: 1, todos: [todo(3, "Jam")]),
        [.remove(todos.appending(.index(0)), old: todo(5, "Oats"))]
      ),
    ]
  }()

  static let initial = state(count: 0, todos: [todo(1, "Milk"), todo(3, "Eggs")])

  /// The paths checked against the states.
  ///
  /// NB: None names an element by position: the candidates of `todos[0]` are found by the text of
  /// the changed paths, so removing `todos[id: 1]` shifts what sits at `todos[0]` without being
  /// one of them.
  static let paths = [
    "", "count", "todos", "todos[id: 3]", "todos[id: 3].title", "todos[id: 3].done",
    "todos[id: 4]", "destination", "destination.editor", "destination.editor.name", "missing",
    "todos[id: 9].title",
  ]

  /// Writes the steps as a trace, with keyframes at 0 and 7.
  func makeTrace() throws -> String {
    let path = temporaryPath()
    let header = TraceHeader(
      recorderVersion: "test", stateType: "S", actionType: "A",
      startedAt: "2026-11-21T00:00:00Z", keyframeInterval: 7,
      options: TraceHeader.Options(keyframeInterval: 7))
    let writer = try TraceWriter(path: path, header: header)
    var batch = TraceBatch()
    batch.keyframes.append(KeyframeRecord(seq: 0, state: Self.initial, codable: nil))
    var previous = Self.initial
    for (offset, step) in Self.steps.enumerated() {
      let seq = Int64(offset + 1)
      batch.actions.append(
        ActionRecord(
          seq: seq, origin: .send, name: step.name, payload: nil,
          startNanoseconds: seq * 1000, durationNanoseconds: 10, stateChanged: true,
          stateHash: seq, diff: step.diff ?? previous.diff(to: step.state)))
      if seq == 7 {
        batch.keyframes.append(KeyframeRecord(seq: 7, state: step.state, codable: nil))
      }
      previous = step.state
    }
    try writer.write(batch)
    try writer.finish(cleanly: true, reason: "finished", endNanoseconds: 99_000)
    return path
  }

  func changes(of path: TracePath, in trace: TraceReader) throws -> [Change] {
    var changes: [Change] = []
    try trace.forEachChange(of: path) { change in
      changes.append(
        Change(seq: change.seq, name: change.actionName, old: change.old, new: change.new))
    }
    return changes
  }

  @Test func reportsEveryCandidateThatChangedTheValue() throws {
    let trace = try TraceReader(path: try self.makeTrace())
    let states = [Self.initial] + Self.steps.map(\.state)
    for seq in states.indices {
      #expect(try trace.state(at: Int64(seq)) == states[seq], "state \(seq)")
    }
    for text in Self.paths {
      let path = try TracePath(parsing: text)
      let expected = try trace.actions(changing: path).compactMap { seq -> Change? in
        let old = states[Int(seq) - 1].value(at: path)
        let new = states[Int(seq)].value(at: path)
        guard old != new else { return nil }
        return Change(seq: seq, name: Self.steps[Int(seq) - 1].name, old: old, new: new)
      }
      #expect(try self.changes(of: path, in: trace) == expected, "\(text)")
    }
  }

  @Test func followsThroughEveryKindOfOperation() throws {
    let trace = try TraceReader(path: try self.makeTrace())
    // At the path (retitle), its holder replaced (replaceTodos; reset keeps the title).
    #expect(
      try self.changes(of: TracePath(parsing: "todos[id: 3].title"), in: trace).map(\.seq)
        == [2, 5])
    // Inserted (add), left as it was by a replaced holder (replaceTodos), gone (reset).
    #expect(
      try self.changes(of: TracePath(parsing: "todos[id: 4]"), in: trace).map(\.seq) == [3, 9])
    // Changed inside (retitle, incrementAndUntick).
    #expect(
      try self.changes(of: TracePath(parsing: "todos[id: 3]"), in: trace).map(\.seq)
        == [2, 5, 10])
    #expect(
      try self.changes(of: TracePath(parsing: "destination.editor.name"), in: trace)
        == [
          Change(seq: 6, name: "present", old: nil, new: .string("Tent")),
          Change(seq: 7, name: "rename", old: .string("Tent"), new: .string("Tarp")),
          Change(seq: 8, name: "dismiss", old: .string("Tarp"), new: nil),
        ])
    // Candidates whose change left the value as it was are not reported.
    #expect(
      try self.changes(of: TracePath(parsing: "todos"), in: trace).map(\.seq).contains(11) == false)
    #expect(try self.changes(of: TracePath(parsing: "missing"), in: trace) == [])
  }

  @Test func readsOperationKeysInAnyOrder() throws {
    let path = try self.makeTrace()
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
      try db.execute(
        sql: "UPDATE actions SET diff = ? WHERE seq = 1",
        arguments: [#"[ {"new": 1, "old": 0, "path": "count", "op": "replace"} ]"#])
    }
    try queue.close()
    let trace = try TraceReader(path: path)
    #expect(
      try self.changes(of: TracePath(parsing: "count"), in: trace).first
        == Change(seq: 1, name: "increment", old: .int(0), new: .int(1)))
  }

  @Test func aDiffThatDoesNotReadIsACorruptTrace() throws {
    let path = try self.makeTrace()
    let queue = try DatabaseQueue(path: path)
    try queue.write { db in
      try db.execute(
        sql: "UPDATE actions SET diff = ? WHERE seq = 2",
        arguments: [#"[{"op":"replace","path":"todos[id: 3].title","old":"Eggs","new":tru}]"#])
    }
    try queue.close()
    let trace = try TraceReader(path: path)
    #expect {
      try self.changes(of: TracePath(parsing: "todos[id: 3]"), in: trace)
    } throws: { error in
      "\(error)".contains("found action 2 whose diff does not decode: expected a value")
    }
  }
}
