import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The implementation of `@Reducer`, mirroring TCA 1.x's macro of the same name.
///
/// On a struct it annotates the nested `State` and `Action` enums with `@CasePathable` (and
/// `@dynamicMemberLookup` for an enum `State`), gives `body` its `@ReducerBuilder` attribute,
/// synthesizes a missing `State`, `Action` or `body`, and adds the `Reducer` conformance. On an
/// enum whose cases hold child reducers it generates the whole case reducer: `State`, `Action`,
/// `body`, `CaseScope` and `scope(_:)` (see ``CaseReducerMembers``).
///
/// ```swift
/// @Reducer
/// struct Counter {
///   @ObservableState
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped }
///   var body: some ReducerOf<Self> {
///     Reduce { state, action in
///       state.count += 1
///       return .none
///     }
///   }
/// }
/// ```
public enum ReducerMacro {}

extension ReducerMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.isStructOrEnum else { return [] }
    // NB: An enum lists both protocols, `CaseReducer` first, as TCA does: with `CaseReducer` alone
    // or `Reducer` first, Swift 6.3 fails to infer the enum's `Reducer` associated types.
    let wanted = declaration.is(EnumDeclSyntax.self) ? ["CaseReducer", "Reducer"] : ["Reducer"]
    // NB: The compiler passes only the protocols the type does not conform to yet; the syntactic
    // check also covers an expansion that is handed the full list (as tests are).
    let missing = wanted.filter { proto in
      !declaration.declaresConformance(to: proto)
        && protocols.contains { $0.unqualifiedName == proto }
    }
    guard !missing.isEmpty else { return [] }
    let conformances = missing.map { "ComposableRuntime.\($0)" }.joined(separator: ", ")
    let decl: DeclSyntax = """
      \(raw: declaration.availabilityPrefix)extension \(type.trimmed): \(raw: conformances) {}
      """
    return [decl.cast(ExtensionDeclSyntax.self)]
  }
}

extension ReducerMacro: MemberMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      return CaseReducerMembers(enumDecl: enumDecl).decls
    }
    guard declaration.is(StructDeclSyntax.self) else {
      context.diagnose(
        Diagnostic(node: node, message: MacroDiagnostic.requiresStructOrEnum(macro: "Reducer"))
      )
      return []
    }
    return StructReducerMembers(declaration: declaration, context: context).decls
  }
}

extension ReducerMacro: MemberAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard declaration.isStructOrEnum else { return [] }
    if let enumDecl = member.as(EnumDeclSyntax.self) {
      return casePathAttributes(for: enumDecl)
        + TraceCodableMembers.attributes(for: enumDecl, named: ["State", "Action"])
    }
    if let structDecl = member.as(StructDeclSyntax.self) {
      return TraceCodableMembers.attributes(for: structDecl, named: ["State", "Action"])
    }
    if let variable = member.as(VariableDeclSyntax.self) {
      return reducerBuilderAttribute(for: variable).map { [$0] } ?? []
    }
    if declaration.is(EnumDeclSyntax.self), let caseDecl = member.as(EnumCaseDeclSyntax.self) {
      return ReducerCase.markerAttribute(for: caseDecl).map { [$0] } ?? []
    }
    return []
  }

  /// `@CasePathable` for a nested `State` or `Action` enum, plus `@dynamicMemberLookup` for
  /// `State`, leaving out any the enum already has.
  private static func casePathAttributes(for enumDecl: EnumDeclSyntax) -> [AttributeSyntax] {
    var names: [String]
    switch enumDecl.name.text {
    case "State": names = ["CasePathable", "dynamicMemberLookup"]
    case "Action": names = ["CasePathable"]
    default: return []
    }
    if enumDecl.declaresConformance(to: "CasePathable", modules: ["CasePaths"]) {
      names.removeAll { $0 == "CasePathable" }
    }
    names.removeAll { enumDecl.attributes.contains(attributeNamed: $0) }
    return names.map { AttributeSyntax(attributeName: IdentifierTypeSyntax(name: .identifier($0))) }
  }

  /// `@ComposableRuntime.ReducerBuilder<S, A>` for a computed `var body: some Reducer<S, A>` or
  /// `some ReducerOf<R>` (as `<R.State, R.Action>`) that has no builder attribute yet.
  private static func reducerBuilderAttribute(for variable: VariableDeclSyntax) -> AttributeSyntax?
  {
    guard
      variable.bindingSpecifier.tokenKind == .keyword(.var),
      variable.bindings.count == 1,
      let binding = variable.bindings.first,
      binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body",
      binding.accessorBlock != nil,
      let constraint = binding.typeAnnotation?.type.as(SomeOrAnyTypeSyntax.self)?.constraint,
      isRuntimeType(constraint, named: ["Reducer", "ReducerOf"]),
      let arguments = constraint.genericArguments,
      !variable.attributes.contains(attributeNamed: "ReducerBuilder")
    else { return nil }
    let builderArguments =
      arguments.count == 1
      ? "\(arguments.trimmedDescription).State, \(arguments.trimmedDescription).Action"
      : arguments.trimmedDescription
    return AttributeSyntax(
      attributeName: TypeSyntax("ComposableRuntime.ReducerBuilder<\(raw: builderArguments)>")
    )
  }

  /// Whether `type` is one of `names`, bare or qualified as `ComposableRuntime.X`.
  private static func isRuntimeType(_ type: TypeSyntax, named names: [String]) -> Bool {
    if let identifier = type.as(IdentifierTypeSyntax.self) {
      return names.contains(identifier.name.text)
    }
    if let member = type.as(MemberTypeSyntax.self) {
      return member.baseType.trimmedDescription == "ComposableRuntime"
        && names.contains(member.name.text)
    }
    return false
  }
}
