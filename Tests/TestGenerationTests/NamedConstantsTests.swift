import SwiftBasicFormat
import SwiftParser
import SwiftSyntax
import Testing

@testable import TestGeneration

/// ``NamedConstants`` on statements written by hand: which values it names, and how.
@Suite struct NamedConstantsTests {
  func constants(
    _ source: String, mentions: [String] = [], taken: Set<String> = []
  ) -> (declarations: [String], statements: [String]) {
    let statements = Array(Parser.parse(source: source).statements)
    let constants = NamedConstants(
      statements: statements,
      mentions: mentions.map { ExprSyntax(stringLiteral: $0) }, taken: taken)
    return (
      constants.declarations.map { $0.formatted().trimmedDescription },
      constants.rewritten(statements).map(\.trimmedDescription)
    )
  }

  @Test func aValueWrittenTwiceIsNamedAndOnceIsNot() {
    let named = constants(
      """
      f(UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000001")!, UUID(0))
      g(UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000001")!, UUID(0))
      h(UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000002")!)
      """)
    #expect(
      named.declarations == [
        #"let id1 = UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000001")!"#
      ])
    #expect(
      named.statements == [
        "f(id1, UUID(0))", "g(id1, UUID(0))",
        #"h(UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000002")!)"#,
      ])
  }

  @Test func aNameTheTestUsesIsSkipped() {
    let named = constants(
      """
      let id1 = 5
      f(Date(timeIntervalSinceReferenceDate: 3.5), Date(timeIntervalSinceReferenceDate: 3.5))
      g(UUID(uuidString: "A")!, UUID(uuidString: "A")!)
      """, taken: ["date1"])
    #expect(
      named.declarations == [
        #"let id2 = UUID(uuidString: "A")!"#,
        "let date2 = Date(timeIntervalSinceReferenceDate: 3.5)",
      ])
    #expect(named.statements.suffix(2) == ["f(date2, date2)", "g(id2, id2)"])
  }

  @Test func aMentionCountsOnlyBesideAUseInTheStatements() {
    let mentioned = constants(
      #"f(UUID(uuidString: "A")!)"#,
      mentions: [#"UUID(uuidString: "A")!"#, #"UUID(uuidString: "B")!"#])
    #expect(mentioned.declarations == [#"let id1 = UUID(uuidString: "A")!"#])
    #expect(mentioned.statements == ["f(id1)"])
  }
}
