import SwiftSyntax

/// The cases of a `@Reducer` enum in source order, keeping the `#if` blocks they sit in so each
/// generated member can repeat them.
typealias ReducerCaseList = ConditionalMembers<ReducerCase>

extension ConditionalMembers<ReducerCase> {
  init(members: MemberBlockItemListSyntax) {
    self.init(members: members) { item in
      guard let caseDecl = item.decl.as(EnumCaseDeclSyntax.self) else { return [] }
      return caseDecl.elements.map { ReducerCase(element: $0, attributes: caseDecl.attributes) }
    }
  }
}
