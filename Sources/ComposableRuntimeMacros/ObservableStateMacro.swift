import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The implementation of `@ObservableState`, which only adds the
/// `ComposableRuntime.ObservableState` conformance.
///
/// TCA's macro also rewrites every stored property to report reads and writes to an observation
/// registrar, so that SwiftUI views re-render when state changes. On Linux there is no view to
/// notify, so this macro leaves the properties alone and just declares the conformance, which
/// lets state written for TCA (and store APIs constrained to `State: ObservableState`) compile
/// unchanged.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   var count = 0
/// }
/// // expands to: extension State: ComposableRuntime.ObservableState {}
/// ```
///
/// It applies to structs and enums; anything else is an error.
public enum ObservableStateMacro: ExtensionMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.isStructOrEnum else {
      context.diagnose(
        Diagnostic(
          node: node,
          message: MacroDiagnostic.requiresStructOrEnum(macro: "ObservableState")
        )
      )
      return []
    }
    // NB: The compiler passes only the protocols the type does not conform to yet.
    guard
      !declaration.declaresConformance(to: "ObservableState"),
      protocols.contains(where: { $0.unqualifiedName == "ObservableState" })
    else { return [] }
    let decl: DeclSyntax = """
      \(raw: declaration.availabilityPrefix)extension \(type.trimmed): \
      ComposableRuntime.ObservableState {}
      """
    return [decl.cast(ExtensionDeclSyntax.self)]
  }
}
