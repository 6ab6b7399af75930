import Foundation
import TestSupport
import Testing

/// What the demo's reducers read, recorded now by the real recorder and printed by `log --json`:
/// reads inside a `forEach` element, a `@Presents` destination's enum case and a stack element
/// carry their whole path.
@Suite struct NavigationReadsTests {
  static let trace: String = {
    let path = temporaryFolder("tca-replay-navigation-reads")
      .appendingPathComponent("demo-session.sqlite").path
    let run = try! ToolRun(["demo", "--trace", path])
    precondition(run.status == 0, run.errors)
    return path
  }()

  func reads(at seq: Int) throws -> [String]? {
    let run = try ToolRun(["log", Self.trace, "--json", "--from", "\(seq)", "--limit", "1"])
    #expect(run.status == 0)
    let actions = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [[String: Any]]
    return actions?.first?["reads"] as? [String]
  }

  @Test func aForEachElementsReadIsInsideItsElement() throws {
    #expect(
      try self.reads(at: 27)
        == ["todos.todos[id: 00000000-0000-0000-0000-000000000002].isComplete"])
  }

  @Test func aPresentedDestinationsReadIsInsideItsCase() throws {
    #expect(try self.reads(at: 36) == ["items.destination.editor.draft"])
  }

  @Test func aStackElementsReadIsInsideItsElement() throws {
    #expect(try self.reads(at: 41) == [##"items.path["#0"].detail.related"##])
  }

  @Test func anActionThatReadsNothingSaysSo() throws {
    // #39 dismisses the editor: the presentation reducer's own access is not a read.
    #expect(try self.reads(at: 39) == [])
    let show = try ToolRun(["show", Self.trace, "39", "--path", "items.items"])
    #expect(
      show.output.hasPrefix("#39 items.destination.dismiss\n  read: nothing from the state\n"),
      "\(show.output)")
  }
}
