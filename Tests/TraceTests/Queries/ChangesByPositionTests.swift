import TestSupport
import Testing
import Trace

/// An element inserted before the elements kept is stored by its position (`todos.todos[0]`);
/// a path that names it by id still sees it arrive.
@Suite struct ChangesByPositionTests {
  @Test func anElementInsertedByPositionIsFoundByItsID() throws {
    let trace = try TraceReader(path: ToolRun.sampleTrace(version: 3).path)
    let path = try TracePath(
      parsing: "todos.todos[id: 00000000-0000-0000-0000-000000000001].description")
    var changes: [PathChange] = []
    try trace.forEachChange(of: path) { changes.append($0) }
    #expect(
      changes == [
        PathChange(
          seq: 22, actionName: "todos.view.addTodoButtonTapped", old: nil, new: .string("")),
        PathChange(
          seq: 25, actionName: "todos.todos.element.descriptionChanged", old: .string(""),
          new: .string("Buy gas")),
      ])
    let cause = try #require(try trace.cause(of: path, at: 24))
    #expect(cause.chain.first?.seq == 22)
  }
}
