import SwiftSyntax

extension DeclGroupSyntax {
  /// Whether the declaration is a struct or an enum, the only kinds the runtime's macros accept.
  var isStructOrEnum: Bool {
    self.is(StructDeclSyntax.self) || self.is(EnumDeclSyntax.self)
  }

  /// Whether the declaration's own inheritance clause names `proto`, bare or qualified by one of
  /// `modules` (e.g. `Reducer` or `ComposableRuntime.Reducer`).
  func declaresConformance(to proto: String, modules: [String] = ["ComposableRuntime"]) -> Bool {
    let spellings = [proto] + modules.map { "\($0).\(proto)" }
    return inheritanceClause?.inheritedTypes.contains {
      spellings.contains($0.type.trimmedDescription)
    } ?? false
  }

  /// `"public "` or `"package "` when the declaration has that access level, so that members and
  /// extensions generated for a public type are visible where the type is; `""` otherwise.
  var accessPrefix: String {
    let levels: [Keyword] = [.public, .package]
    guard
      let modifier = modifiers.first(where: {
        if case .keyword(let keyword) = $0.name.tokenKind { return levels.contains(keyword) }
        return false
      })
    else { return "" }
    return "\(modifier.name.text) "
  }

  /// The declaration's `@available` attributes followed by a space, ready to prefix a generated
  /// extension so it is no more available than the type itself.
  var availabilityPrefix: String {
    attributes
      .compactMap { element -> String? in
        guard
          case .attribute(let attribute) = element,
          attribute.attributeName.trimmedDescription == "available"
        else { return nil }
        return "\(attribute.trimmedDescription) "
      }
      .joined()
  }
}

extension AttributeListSyntax {
  /// Whether the list holds an attribute spelled `name`, ignoring generic arguments and any module
  /// qualifier (`@CasePathable` and `@CasePaths.CasePathable` both match `"CasePathable"`).
  func contains(attributeNamed name: String) -> Bool {
    contains {
      guard case .attribute(let attribute) = $0 else { return false }
      return attribute.attributeName.unqualifiedName == name
    }
  }
}

extension TypeSyntax {
  /// The type's last name component without generic arguments: `Reducer` for
  /// `ComposableRuntime.Reducer<S, A>`.
  var unqualifiedName: String? {
    if let identifier = self.as(IdentifierTypeSyntax.self) { return identifier.name.text }
    if let member = self.as(MemberTypeSyntax.self) { return member.name.text }
    return nil
  }

  /// The generic arguments written after the type's last name component, if any.
  var genericArguments: GenericArgumentListSyntax? {
    self.as(IdentifierTypeSyntax.self)?.genericArgumentClause?.arguments
      ?? self.as(MemberTypeSyntax.self)?.genericArgumentClause?.arguments
  }
}
