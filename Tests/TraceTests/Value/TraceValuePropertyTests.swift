import Testing
import Trace

/// Random pairs of states from a fixed seed: whatever the change, the diff applies back to the
/// new state, survives its JSON form, and a state has no diff to itself.
struct TraceValuePropertyTests {
  @Test(arguments: [1, 2, 3] as [UInt64])
  func diffThenApplyGivesTheNewValue(seed: UInt64) throws {
    var generator = TraceValueGenerator(seed: seed)
    var idComponents = 0
    var indexInserts = 0
    for round in 0..<1500 {
      let old = generator.state()
      let new = round % 5 == 0 ? generator.state() : generator.changed(old)
      let operations = old.diff(to: new)
      let patched = try old.applying(operations)
      guard patched.matches(new) else {
        Issue.record(
          """
          seed \(seed), round \(round)
          old: \(old.jsonText)
          new: \(new.jsonText)
          ops: \(operations.map(\.description).joined(separator: "\n     "))
          got: \(patched.jsonText)
          """
        )
        return
      }
      #expect(old.diff(to: old).isEmpty)
      #expect(new.diff(to: new).isEmpty)
      #expect(patched.diff(to: new).isEmpty)

      let stored = try DiffOperation.operations(jsonText: DiffOperation.jsonText(of: operations))
      #expect(DiffOperation.jsonText(of: stored) == DiffOperation.jsonText(of: operations))
      #expect(try old.applying(stored).matches(new))

      for operation in operations {
        let components = operation.path.components
        if components.contains(where: { if case .id = $0 { true } else { false } }) {
          idComponents += 1
        }
        if case .insert = operation, case .index = components.last { indexInserts += 1 }
      }
    }
    // The generator must reach the identified-array cases, or this test proves little.
    #expect(idComponents > 100)
    #expect(indexInserts > 100)
  }

  @Test func diffOfLargeStateFollowsOneChange() throws {
    var todos: [TraceValue] = (0..<10_000).map { id in
      .object([
        .init("id", .int(Int64(id))),
        .init("title", .string("Todo \(id)")),
        .init("isComplete", .bool(false)),
      ])
    }
    let old = TraceValue.object([.init("todos", .array(todos))])
    todos[5_000] = .object([
      .init("id", .int(5_000)), .init("title", .string("Todo 5000")),
      .init("isComplete", .bool(true)),
    ])
    todos.insert(.object([.init("id", .int(-1))]), at: 0)
    let new = TraceValue.object([.init("todos", .array(todos))])
    let operations = old.diff(to: new)
    #expect(
      operations.map(\.description) == [
        #"insert  todos[0] {"id":-1}"#,
        "replace todos[id: 5000].isComplete false → true",
      ]
    )
    #expect(try old.applying(operations) == new)
    #expect(try TraceValue(jsonText: new.jsonText) == new)
  }
}
