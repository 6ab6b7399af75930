import Testing
import Trace

struct TraceValuePatchTests {
  let state: TraceValue

  init() throws {
    self.state = try TraceValue(
      jsonText: #"{"count":1,"todos":[{"id":3,"title":"a"},{"id":"x","title":"b"}],"tags":["p"]}"#
    )
  }

  func applying(_ operation: DiffOperation) throws -> String {
    var state = self.state
    try state.apply(operation)
    return state.jsonText
  }

  func path(_ text: String) -> TracePath { try! TracePath(parsing: text) }

  @Test func replacesByFieldIndexAndID() throws {
    #expect(
      try self.applying(.replace(self.path("todos[id: x].title"), old: .null, new: .string("B")))
        == #"{"count":1,"todos":[{"id":3,"title":"a"},{"id":"x","title":"B"}],"tags":["p"]}"#
    )
    #expect(
      try self.applying(.replace(self.path("tags[0]"), old: .null, new: .int(0)))
        == #"{"count":1,"todos":[{"id":3,"title":"a"},{"id":"x","title":"b"}],"tags":[0]}"#
    )
    #expect(try self.applying(.replace(TracePath(), old: .null, new: .int(5))) == "5")
  }

  @Test func insertsAppendByIDAndPlaceByIndex() throws {
    let element = TraceValue.object([.init("id", .int(9))])
    #expect(
      try self.applying(.insert(self.path("todos[id: 9]"), element))
        == #"{"count":1,"todos":[{"id":3,"title":"a"},{"id":"x","title":"b"},{"id":9}],"#
        + #""tags":["p"]}"#
    )
    #expect(
      try self.applying(.insert(self.path("todos[0]"), element))
        == #"{"count":1,"todos":[{"id":9},{"id":3,"title":"a"},{"id":"x","title":"b"}],"#
        + #""tags":["p"]}"#
    )
    #expect(
      try self.applying(.insert(self.path("new"), .bool(true)))
        == #"{"count":1,"todos":[{"id":3,"title":"a"},{"id":"x","title":"b"}],"tags":["p"],"#
        + #""new":true}"#
    )
  }

  @Test func removesByFieldIndexAndID() throws {
    #expect(
      try self.applying(.remove(self.path("todos[id: 3]"), old: .null))
        == #"{"count":1,"todos":[{"id":"x","title":"b"}],"tags":["p"]}"#
    )
    #expect(
      try self.applying(.remove(self.path("count"), old: .null))
        == #"{"todos":[{"id":3,"title":"a"},{"id":"x","title":"b"}],"tags":["p"]}"#
    )
    #expect(
      try self.applying(.remove(self.path("tags[0]"), old: .null))
        == #"{"count":1,"todos":[{"id":3,"title":"a"},{"id":"x","title":"b"}],"tags":[]}"#
    )
  }

  @Test(arguments: [
    (
      DiffOperation.replace(try! TracePath(parsing: "todos[id: 7].title"), old: .null, new: .null),
      "cannot replace todos[id: 7].title: todos has no element with id 7"
    ),
    (
      .replace(try! TracePath(parsing: "todos[id: 3].done"), old: .null, new: .null),
      #"cannot replace todos[id: 3].done: todos[id: 3] has no field "done""#
    ),
    (
      .replace(try! TracePath(parsing: "tags[4]"), old: .null, new: .null),
      "cannot replace tags[4]: tags has no index 4 (it has 1 element)"
    ),
    (
      .replace(try! TracePath(parsing: "count.value"), old: .null, new: .null),
      "cannot replace count.value: count is an int, not an object"
    ),
    (
      .remove(try! TracePath(parsing: "count[0]"), old: .null),
      "cannot remove count[0]: count is an int, not an array"
    ),
    (
      .remove(try! TracePath(parsing: "missing"), old: .null),
      #"cannot remove missing: the root has no field "missing""#
    ),
    (
      .insert(try! TracePath(parsing: "count"), .null),
      #"cannot insert count: the root already has a field "count""#
    ),
    (
      .insert(try! TracePath(parsing: "todos[id: x]"), .null),
      "cannot insert todos[id: x]: todos already has an element with id x"
    ),
    (
      .insert(try! TracePath(parsing: "tags[2]"), .null),
      "cannot insert tags[2]: tags has no index 2 to insert at (it has 1 element)"
    ),
    (
      .insert(TracePath(), .null),
      "cannot insert (root): the root can only be replaced"
    ),
  ])
  func namesThePathThatFailed(operation: DiffOperation, message: String) {
    var state = self.state
    #expect {
      try state.apply(operation)
    } throws: { error in
      "\(error)" == message
    }
    #expect(state == self.state)
  }

  @Test func appliesAllOrNothing() {
    var state = self.state
    #expect(throws: TracePatchError.self) {
      try state.apply([
        .replace(self.path("count"), old: .int(1), new: .int(2)),
        .remove(self.path("todos[id: 404]"), old: .null),
      ])
    }
    #expect(state == self.state)
  }
}
