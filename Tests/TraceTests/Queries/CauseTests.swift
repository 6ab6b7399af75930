import TestSupport
import Testing
import Trace

/// `cause(of:at:)` and `causes(of:at:)` on the demo's sample: the setter found from the changes
/// index agrees with every state rebuilt, and each chain shape reads as recorded.
@Suite struct CauseTests {
  static let trace = try! TraceReader(path: ToolRun.sampleTrace(version: 3).path)

  static let paths = [
    "counter.count", "counter.isTimerRunning", "search.isSearching", "todos.todos",
    "items.destination", "items.destination.editor.draft.name", ##"items.path["#1"]"##,
    "items.items[id: 2].name", "profile.name",
    // Replaced whole by a reorder (#28) with its value unchanged.
    "todos.todos[id: 00000000-0000-0000-0000-000000000001].description",
  ]

  @Test(arguments: paths)
  func theSetterIsTheLastActionThatChangedTheValue(text: String) throws {
    let path = try TracePath(parsing: text)
    let last = try Self.trace.lastSeq()
    var setter: Int64?
    var previous = try Self.trace.state(at: 0).value(at: path)
    var expected: [Int64: Int64?] = [:]
    for seq in 1...last {
      let value = try Self.trace.state(at: seq).value(at: path)
      if value != previous { setter = seq }
      previous = value
      expected[seq] = setter
    }
    for at in 1...last {
      let cause = try Self.trace.cause(of: path, at: at)
      if try Self.trace.state(at: at).value(at: path) == nil {
        #expect(cause == nil, "\(text) at \(at)")
      } else {
        #expect(cause?.chain.first?.seq == expected[at]!, "\(text) at \(at)")
      }
    }
  }

  @Test func anEffectsActionLeadsBackToTheInputThatStartedTheEffect() throws {
    let cause = try #require(try Self.trace.cause(of: TracePath(parsing: "counter.count"), at: 6))
    #expect(cause.value == .int(5))
    #expect(cause.chain.map(\.seq) == [6, 3])
    #expect(
      cause.chain.map(\.name) == [
        "counter.internal.timerTicked", "counter.view.toggleTimerButtonTapped",
      ])
    #expect(cause.chain[0].origin == .effect(1))
    #expect(cause.chain[0].effect?.id == 1)
    #expect(cause.chain[0].effect?.kind == .run)
    #expect(cause.chain[0].effect?.cancelIDs == ["timer"])
    #expect(cause.chain[0].change == ValueCause.Change(old: .int(4), new: .int(5)))
    #expect(cause.chain[1].origin == .send)
    #expect(cause.chain[1].effect == nil)
    #expect(cause.chain[1].change == nil)
  }

  @Test func aChainThroughTwoEffects() throws {
    let cause = try #require(try Self.trace.cause(of: TracePath(parsing: "items.path"), at: 44))
    #expect(cause.chain.map(\.seq) == [44, 42, 41])
    #expect(cause.chain.map(\.origin) == [.effect(17), .effect(14), .send])
    #expect(cause.chain[1].change != nil)  // #42 pushed the element #44 popped
    let shallow = try #require(
      try Self.trace.cause(of: TracePath(parsing: "items.path"), at: 44, depth: 2))
    #expect(shallow.chain.map(\.seq) == [44, 42])
  }

  @Test func aValueInsideAPresentedChildIsSetWhenTheChildIsPresented() throws {
    let path = try TracePath(parsing: "items.destination.editor.draft.name")
    let cause = try #require(try Self.trace.cause(of: path, at: 35))
    #expect(cause.chain.first?.name == "items.view.editButtonTapped")
    #expect(cause.chain.first?.change == ValueCause.Change(old: nil, new: .string("Tent")))
    #expect(try Self.trace.cause(of: path, at: 39) == nil)  // dismissed: nowhere
  }

  @Test func aValueNeverSetHasAnEmptyChain() throws {
    let cause = try #require(
      try Self.trace.cause(of: TracePath(parsing: "items.items[id: 2].name"), at: 61))
    #expect(cause.value == .string("Stove"))
    #expect(cause.chain.isEmpty)
  }

  @Test func everyChangeWithItsChainOldestFirst() throws {
    let causes = try Self.trace.causes(of: TracePath(parsing: ##"items.path["#1"]"##), at: 61)
    #expect(causes.map(\.at) == [42, 44])
    #expect(causes[1].value == .null)  // popped
    #expect(causes[1].chain.first?.change?.new == nil)
  }
}
