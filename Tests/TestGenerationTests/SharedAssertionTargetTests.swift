import ComposableRuntime
import Testing
import Trace

@testable import TestGeneration
@testable import TestGenerationFixtures

/// How a generated test reaches a shared value inside a stack: through `modify`, as TCA's tests
/// do, unless what it asserts throws, which `modify` cannot take.
@MainActor
@Suite struct SharedAssertionTargetTests {
  let state = Agenda.State(
    path: StackState([.detail(AgendaDetail.State(plan: Shared(value: Plan(title: "Retro"))))]))
  let path = TracePath([.field("path"), .field("#0"), .field("detail"), .field("plan")])

  /// The statement written, without its spacing.
  func written(throwing: Bool) -> String? {
    SharedAssertionTarget(printer: SwiftValuePrinter(module: "Fixtures"), throwing: throwing)
      .statement(at: self.path, in: self.state) { projection in
        SwiftExpression.call(SwiftExpression.member(projection, "withLock"), [])
      }?.description.filter { !$0.isWhitespace }
  }

  @Test func aCaseIsModified() {
    #expect(written(throwing: false) == "$0.path[id:0]?.modify(\\.detail){$0.$plan.withLock()}")
  }

  @Test func aThrowingAssertionReachesTheCaseByName() {
    #expect(written(throwing: true) == "$0.path[id:0]?.detail?.$plan.withLock()")
  }

  @Test func aPathTheStateDoesNotHaveIsNotWritten() {
    let elsewhere = TracePath([.field("path"), .field("#3"), .field("detail"), .field("plan")])
    let written = SharedAssertionTarget(
      printer: SwiftValuePrinter(module: "Fixtures"), throwing: false
    ).statement(at: elsewhere, in: self.state) { $0 }
    #expect(written == nil)
  }
}
