import SwiftSyntax

/// The cases of a `@Reducer` enum in source order, keeping the `#if` blocks they sit in so each
/// generated member can repeat them.
struct ReducerCaseList {
  /// A case, or an `#if` block of cases.
  indirect enum Entry {
    case reducerCase(ReducerCase)
    case conditional([Clause])
  }

  /// One `#if`, `#elseif` or `#else` clause of a conditional block.
  struct Clause {
    let directive: String
    let entries: [Entry]
  }

  let entries: [Entry]

  init(members: MemberBlockItemListSyntax) {
    entries = members.flatMap { item -> [Entry] in
      if let caseDecl = item.decl.as(EnumCaseDeclSyntax.self) {
        return caseDecl.elements.map {
          .reducerCase(ReducerCase(element: $0, attributes: caseDecl.attributes))
        }
      }
      if let ifConfig = item.decl.as(IfConfigDeclSyntax.self) {
        let clauses = ifConfig.clauses.map { clause in
          let directive = [clause.poundKeyword.text, clause.condition?.trimmedDescription]
            .compactMap { $0 }
            .joined(separator: " ")
          let members = clause.elements?.as(MemberBlockItemListSyntax.self) ?? []
          return Clause(directive: directive, entries: ReducerCaseList(members: members).entries)
        }
        return [.conditional(clauses)]
      }
      return []
    }
  }

  /// The lines `line` makes of each case, wrapped in the cases' `#if` blocks; a block that would
  /// be empty in every clause is left out, and an empty clause of a kept block holds
  /// `emptyClause`, if given.
  func lines(emptyClause: String? = nil, _ line: (ReducerCase) -> String?) -> [String] {
    Self.lines(of: entries, emptyClause: emptyClause, line)
  }

  private static func lines(
    of entries: [Entry],
    emptyClause: String?,
    _ line: (ReducerCase) -> String?
  ) -> [String] {
    entries.flatMap { entry -> [String] in
      switch entry {
      case .reducerCase(let reducerCase):
        return line(reducerCase).map { [$0] } ?? []
      case .conditional(let clauses):
        let bodies = clauses.map { lines(of: $0.entries, emptyClause: emptyClause, line) }
        guard bodies.contains(where: { !$0.isEmpty }) else { return [] }
        return zip(clauses, bodies).flatMap { clause, body in
          [clause.directive] + (body.isEmpty ? emptyClause.map { [$0] } ?? [] : body)
        } + ["#endif"]
      }
    }
  }
}
