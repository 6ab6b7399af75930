import Testing
import Trace

struct TraceValueDiffTests {
  /// The diff from `old` to `new` as descriptions, after checking that it applies.
  func diff(_ old: String, _ new: String, at path: TracePath = TracePath()) throws -> [String] {
    let old = try TraceValue(jsonText: old)
    let new = try TraceValue(jsonText: new)
    let operations = old.diff(to: new, at: path)
    if path.components.isEmpty { #expect(try old.applying(operations) == new) }
    return operations.map(\.description)
  }

  func todos(_ items: [(Int, String)]) -> String {
    let todos = items.map { #"{"id":\#($0.0),"title":"\#($0.1)","isComplete":false}"# }
    return #"{"todos":[\#(todos.joined(separator: ","))]}"#
  }

  @Test func equalValuesHaveNoOperations() throws {
    #expect(try self.diff(#"{"a":[1,{"b":null}]}"#, #"{"a":[1,{"b":null}]}"#) == [])
    let nan = TraceValue.object([.init("ratio", .double(.nan))])
    #expect(nan.diff(to: nan) == [])
  }

  @Test func fieldChange() throws {
    #expect(
      try self.diff(#"{"count":1,"name":"a"}"#, #"{"count":2,"name":"a"}"#)
        == ["replace count 1 → 2"]
    )
    #expect(
      try self.diff(#"{"a":{"b":{"c":true}}}"#, #"{"a":{"b":{"c":false}}}"#)
        == ["replace a.b.c true → false"]
    )
  }

  @Test func typeChange() throws {
    #expect(try self.diff(#"{"n":1}"#, #"{"n":"1"}"#) == [#"replace n 1 → "1""#])
    #expect(try self.diff(#"{"n":1}"#, #"{"n":1.0}"#) == [#"replace n 1 → 1.0"#])
    #expect(try self.diff("[1]", #"{"0":1}"#) == [#"replace (root) [1] → {"0":1}"#])
  }

  @Test func enumCaseChange() throws {
    #expect(
      try self.diff(
        #"{"destination":{"editor":{"draft":"x"}}}"#,
        #"{"destination":{"alert":{"title":"t"}}}"#
      ) == [#"replace destination {"editor":{"draft":"x"}} → {"alert":{"title":"t"}}"#]
    )
    #expect(
      try self.diff(
        #"{"destination":{"editor":{"draft":"x"}}}"#,
        #"{"destination":{"editor":{"draft":"xy"}}}"#
      ) == [#"replace destination.editor.draft "x" → "xy""#]
    )
  }

  @Test func optionalNilToValueAndBack() throws {
    #expect(
      try self.diff(#"{"destination":null}"#, #"{"destination":{"editor":{"draft":""}}}"#)
        == [#"replace destination null → {"editor":{"draft":""}}"#]
    )
    #expect(
      try self.diff(#"{"destination":{"editor":{"draft":""}}}"#, #"{"destination":null}"#)
        == [#"replace destination {"editor":{"draft":""}} → null"#]
    )
  }

  @Test func dictionaryKeysAddedAndRemoved() throws {
    #expect(
      try self.diff(#"{"a":1,"b":2,"c":3}"#, #"{"a":1,"c":4,"d.e":5}"#)
        == ["remove  b 2", "replace c 3 → 4", #"insert  ["d.e"] 5"#]
    )
  }

  @Test func fieldsThatChangeOrderAreReplacedWhole() throws {
    #expect(
      try self.diff(#"{"a":1,"b":2}"#, #"{"b":2,"a":1}"#)
        == [#"replace (root) {"a":1,"b":2} → {"b":2,"a":1}"#]
    )
    #expect(
      try self.diff(#"{"a":1,"b":2}"#, #"{"a":1,"x":0,"b":2}"#)
        == [#"replace (root) {"a":1,"b":2} → {"a":1,"x":0,"b":2}"#]
    )
  }

  @Test func identifiedInsertAtTheEnd() throws {
    #expect(
      try self.diff(self.todos([(1, "a"), (2, "b")]), self.todos([(1, "a"), (2, "b"), (4, "d")]))
        == [#"insert  todos[id: 4] {"id":4,"title":"d","isComplete":false}"#]
    )
    #expect(
      try self.diff(#"{"todos":[]}"#, self.todos([(1, "a"), (2, "b")]))
        == [
          #"insert  todos[id: 1] {"id":1,"title":"a","isComplete":false}"#,
          #"insert  todos[id: 2] {"id":2,"title":"b","isComplete":false}"#,
        ]
    )
  }

  @Test func identifiedInsertBeforeKeptElements() throws {
    #expect(
      try self.diff(self.todos([(1, "a"), (2, "b")]), self.todos([(4, "d"), (1, "a"), (2, "b")]))
        == [#"insert  todos[0] {"id":4,"title":"d","isComplete":false}"#]
    )
    #expect(
      try self.diff(
        self.todos([(1, "a"), (2, "b")]),
        self.todos([(1, "a"), (5, "e"), (2, "b"), (6, "f")])
      ) == [
        #"insert  todos[1] {"id":5,"title":"e","isComplete":false}"#,
        #"insert  todos[id: 6] {"id":6,"title":"f","isComplete":false}"#,
      ]
    )
  }

  @Test func identifiedRemove() throws {
    #expect(
      try self.diff(self.todos([(1, "a"), (2, "b"), (3, "c")]), self.todos([(1, "a"), (3, "c")]))
        == [#"remove  todos[id: 2] {"id":2,"title":"b","isComplete":false}"#]
    )
    #expect(
      try self.diff(self.todos([(1, "a")]), #"{"todos":[]}"#)
        == [#"remove  todos[id: 1] {"id":1,"title":"a","isComplete":false}"#]
    )
  }

  @Test func identifiedNestedChange() throws {
    #expect(
      try self.diff(self.todos([(1, "a"), (2, "b")]), self.todos([(1, "a"), (2, "B")]))
        == [#"replace todos[id: 2].title "b" → "B""#]
    )
  }

  @Test func identifiedRemoveChangeAndInsertTogether() throws {
    #expect(
      try self.diff(
        self.todos([(1, "a"), (2, "b"), (3, "c")]),
        self.todos([(7, "g"), (1, "A"), (3, "c"), (8, "h")])
      ) == [
        #"remove  todos[id: 2] {"id":2,"title":"b","isComplete":false}"#,
        #"insert  todos[0] {"id":7,"title":"g","isComplete":false}"#,
        #"replace todos[id: 1].title "a" → "A""#,
        #"insert  todos[id: 8] {"id":8,"title":"h","isComplete":false}"#,
      ]
    )
  }

  @Test func identifiedReorderIsOneReplace() throws {
    let old = try TraceValue(jsonText: self.todos([(1, "a"), (2, "b"), (3, "c")]))
    let new = try TraceValue(jsonText: self.todos([(3, "c"), (1, "a"), (2, "b")]))
    #expect(
      old.diff(to: new)
        == [
          .replace(
            TracePath([.field("todos")]), old: old[field: "todos"]!, new: new[field: "todos"]!)
        ]
    )
  }

  @Test func identifiedByStringIDs() throws {
    #expect(
      try self.diff(
        #"[{"id":"A-1","n":1},{"id":"B]2","n":2}]"#,
        #"[{"id":"A-1","n":1},{"id":"B]2","n":3}]"#
      ) == [#"replace [id: "B]2"].n 2 → 3"#]
    )
  }

  @Test func repeatedIDsFallBackToIndices() throws {
    #expect(
      try self.diff(#"[{"id":1,"n":1},{"id":1,"n":2}]"#, #"[{"id":1,"n":1},{"id":1,"n":3}]"#)
        == ["replace [1].n 2 → 3"]
    )
  }

  @Test func plainArrayGrowsAndShrinksAtTheTail() throws {
    #expect(
      try self.diff(#"{"items":[1,2]}"#, #"{"items":[1,3,4,5]}"#)
        == ["replace items[1] 2 → 3", "insert  items[2] 4", "insert  items[3] 5"]
    )
    #expect(
      try self.diff(#"{"items":[1,2,3,4]}"#, #"{"items":[0,2]}"#)
        == ["replace items[0] 1 → 0", "remove  items[3] 4", "remove  items[2] 3"]
    )
  }

  @Test func prefixesThePathItIsGiven() throws {
    let base = TracePath([.field("root"), .index(3)])
    #expect(try self.diff(#"{"a":1}"#, #"{"a":2}"#, at: base) == ["replace root[3].a 1 → 2"])
  }
}
