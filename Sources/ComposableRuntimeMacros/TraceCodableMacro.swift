import SwiftSyntax
import SwiftSyntaxMacros

/// The implementation of `@_TraceCodable`: a `Codable` conformance for a feature's `State` or
/// `Action`, so that a recording of it can be replayed (see ``TraceCodableMembers``).
///
/// `@Reducer` puts it on the nested `State` and `Action` its user did not make `Codable`, as it
/// puts `@CasePathable` on `Action`; `@ObservableState` writes the same coding for a struct
/// itself. It puts itself on the types nested in the one it codes (`Action.Alert`,
/// `Action.Delegate`), whose values the coding needs too.
///
/// ```swift
/// @_TraceCodable
/// enum Action { case factResponse(Result<String, any Error>) }
/// // extension Action: Codable { init(from:) … encode(to:) … }
/// ```
public enum TraceCodableMacro: ExtensionMacro, MemberAttributeMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard TraceCodableMembers.isWanted(for: declaration, conformingTo: protocols),
      let decl = TraceCodableMembers.extensionDecl(for: declaration, type: type)
    else { return [] }
    return [decl]
  }

  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    // NB: Not `_TraceCodable` itself, whose expansion would be recursive: types nested two
    // levels down are left to their users.
    TraceCodableMembers.attributes(for: member, macro: "_TraceCodableMember")
  }
}

/// The implementation of `@_TraceCodableMember`, which `@_TraceCodable` puts on the types nested
/// in the one it codes: the same coding, without going further down.
public enum TraceCodableMemberMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    try TraceCodableMacro.expansion(
      of: node, attachedTo: declaration, providingExtensionsOf: type, conformingTo: protocols,
      in: context)
  }
}
