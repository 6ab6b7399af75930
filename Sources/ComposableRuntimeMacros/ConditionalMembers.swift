import SwiftSyntax

/// The members of a type a macro generates code for, in source order, keeping the `#if` blocks
/// they sit in so that the generated code can repeat them: what is compiled out of the type is
/// compiled out of its generated members too.
struct ConditionalMembers<Element> {
  /// A member, or an `#if` block of members.
  indirect enum Entry {
    case member(Element)
    case conditional([Clause])
  }

  /// One `#if`, `#elseif` or `#else` clause of a conditional block.
  struct Clause {
    let directive: String
    let entries: [Entry]
  }

  let entries: [Entry]

  /// The elements `elements` makes of each member of `members`, looking into `#if` blocks.
  init(
    members: MemberBlockItemListSyntax, _ elements: (MemberBlockItemSyntax) -> [Element]
  ) {
    entries = members.flatMap { item -> [Entry] in
      guard let ifConfig = item.decl.as(IfConfigDeclSyntax.self) else {
        return elements(item).map { .member($0) }
      }
      let clauses = ifConfig.clauses.map { clause in
        let directive = [clause.poundKeyword.text, clause.condition?.trimmedDescription]
          .compactMap { $0 }
          .joined(separator: " ")
        let members = clause.elements?.as(MemberBlockItemListSyntax.self) ?? []
        return Clause(
          directive: directive, entries: ConditionalMembers(members: members, elements).entries)
      }
      return [.conditional(clauses)]
    }
  }

  /// Every element, in every clause.
  var all: [Element] {
    Self.all(of: entries)
  }

  /// The lines `line` makes of each element, wrapped in the elements' `#if` blocks; a block that
  /// would be empty in every clause is left out, and an empty clause of a kept block holds
  /// `emptyClause`, if given.
  func lines(emptyClause: String? = nil, _ line: (Element) -> String?) -> [String] {
    Self.lines(of: entries, emptyClause: emptyClause, line)
  }

  private static func all(of entries: [Entry]) -> [Element] {
    entries.flatMap { entry -> [Element] in
      switch entry {
      case .member(let element): [element]
      case .conditional(let clauses): clauses.flatMap { all(of: $0.entries) }
      }
    }
  }

  private static func lines(
    of entries: [Entry],
    emptyClause: String?,
    _ line: (Element) -> String?
  ) -> [String] {
    entries.flatMap { entry -> [String] in
      switch entry {
      case .member(let element):
        return line(element).map { [$0] } ?? []
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
