import Testing
import Trace

struct DiffOperationJSONTests {
  let isComplete = TracePath([.field("todos"), .id("3"), .field("isComplete")])
  let todo = TraceValue.object([.init("id", .int(4)), .init("title", .string("Milk"))])

  @Test func writesOneObjectPerOperation() {
    #expect(
      DiffOperation.replace(self.isComplete, old: .bool(false), new: .bool(true)).jsonText
        == #"{"op":"replace","path":"todos[id: 3].isComplete","old":false,"new":true}"#
    )
    #expect(
      DiffOperation.insert(TracePath([.field("todos"), .id("4")]), self.todo).jsonText
        == #"{"op":"insert","path":"todos[id: 4]","value":{"id":4,"title":"Milk"}}"#
    )
    #expect(
      DiffOperation.remove(TracePath([.field("a.b")]), old: .redacted).jsonText
        == #"{"op":"remove","path":"[\"a.b\"]","old":{"$redacted":true}}"#
    )
  }

  @Test func roundTripsListsOfOperations() throws {
    let operations: [DiffOperation] = [
      .replace(self.isComplete, old: .bool(false), new: .bool(true)),
      .insert(TracePath([.field("todos"), .index(0)]), self.todo),
      .remove(TracePath([.field("settings"), .field("en-US")]), old: .string("x\n")),
      .replace(TracePath(), old: .null, new: .double(-0.0)),
    ]
    let json = DiffOperation.jsonText(of: operations)
    #expect(json.hasPrefix(#"[{"op":"replace","#))
    #expect(try DiffOperation.operations(jsonText: json) == operations)
    #expect(
      try DiffOperation.operations(jsonData: DiffOperation.jsonData(of: operations)) == operations)
    #expect(try DiffOperation.operations(jsonText: " [ ] ") == [])
    for operation in operations {
      #expect(try DiffOperation(jsonText: operation.jsonText) == operation)
    }
  }

  @Test func readsKeysInAnyOrder() throws {
    let json = #"{ "new": 2, "path": "count", "old": 1, "op": "replace" }"#
    #expect(
      try DiffOperation(jsonText: json)
        == .replace(TracePath([.field("count")]), old: .int(1), new: .int(2))
    )
  }

  @Test(arguments: [
    (
      #"{"op":"move","path":"a"}"#,
      #"expected "replace", "insert" or "remove", found "move" at byte 6"#
    ),
    (
      #"{"op":"replace","path":"a","old":1}"#,
      #"expected a "new" key in a replace operation, found '}' at byte 34"#
    ),
    (#"{"path":"a","value":1}"#, #"expected an "op" key, found '}' at byte 21"#),
    (
      #"{"op":"insert","path":"a","value":1,"old":2}"#,
      #"expected no "old" key in an insert operation, found "old" at byte 36"#
    ),
    (
      #"{"op":"insert","path":"a","value":1,"when":2}"#,
      #"expected one of the keys "op", "path", "old", "new", "value", found "when" at byte 36"#
    ),
    (
      #"{"op":"insert","op":"remove"}"#,
      #"expected a key not used before in this operation, found "op" again at byte 15"#
    ),
    (
      #"{"op":"insert","path":"a[","value":1}"#,
      #"expected a path, found "a[" (at its byte 2: expected an index, a quoted key or 'id:', "#
        + #"found end of input) at byte 22"#
    ),
    (#"{"op":"insert","path":"a","value":1} x"#, "expected end of input, found 'x' at byte 37"),
  ])
  func namesWhatWasExpectedAndFound(json: String, message: String) {
    #expect {
      try DiffOperation(jsonText: json)
    } throws: { error in
      "\(error)" == message
    }
  }

  @Test func describesOperationsForPeople() {
    #expect(
      DiffOperation.replace(self.isComplete, old: .bool(false), new: .bool(true)).description
        == "replace todos[id: 3].isComplete false → true"
    )
    #expect(
      DiffOperation.insert(TracePath([.field("todos"), .id("4")]), self.todo).description
        == #"insert  todos[id: 4] {"id":4,"title":"Milk"}"#
    )
    #expect(
      DiffOperation.remove(TracePath([.field("items"), .index(2)]), old: .int(7)).description
        == "remove  items[2] 7"
    )
    #expect(
      DiffOperation.replace(TracePath(), old: .null, new: .int(1)).description
        == "replace (root) null → 1"
    )
  }

  @Test func cutsLongValuesInDescriptions() {
    let long = TraceValue.array((0..<100_000).map { .int(Int64($0)) })
    let description = DiffOperation.insert(TracePath([.field("numbers")]), long).description
    let preview = String(description.dropFirst("insert  numbers ".count))
    #expect(preview.count == 80)
    #expect(preview.hasPrefix("[0,1,2,3,"))
    #expect(preview.hasSuffix("…"))

    let exactly80 = TraceValue.string(String(repeating: "é", count: 78))
    let shown = DiffOperation.insert(TracePath([.field("s")]), exactly80).description
    #expect(shown == "insert  s \"" + String(repeating: "é", count: 78) + "\"")

    let wide = TraceValue.string(String(repeating: "😀", count: 500))
    let cut = DiffOperation.insert(TracePath([.field("s")]), wide).description
    #expect(cut == "insert  s \"" + String(repeating: "😀", count: 78) + "…")
  }
}
