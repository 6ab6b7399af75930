import SwiftSyntax
import SwiftSyntaxMacros

/// The implementation of `@ObservationStateTracked`, which `@ObservableState` puts on each stored
/// property it tracks: the property keeps its name and type, and its value moves to a private
/// `_name` beside it, reached through accessors that tell ``StateReads`` of every read and
/// modify, as TCA's accessors tell its observation registrar.
///
/// ```swift
/// @ObservationStateTracked var count = 0
/// // expands to
/// var count = 0 {
///   @storageRestrictions(initializes: _count) init(initialValue) { _count = initialValue }
///   _read { … yield _count }
///   set { …; _count = newValue }
///   _modify { … yield &_count }
/// }
/// private var _count = 0
/// ```
public enum ObservationStateTrackedMacro: AccessorMacro, PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self),
      TrackedProperty.isTracked(variable),
      let name = variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier
        .text
    else { return [] }
    return [
      """
      @storageRestrictions(initializes: _\(raw: name))
      init(initialValue) {
        _\(raw: name) = initialValue
      }
      """,
      Self.reporting("_read", name, yield: "_\(name)"),
      """
      set {
        ComposableRuntime.StateReads.write(Self.self)
        _\(raw: name) = newValue
      }
      """,
      Self.reporting("_modify", name, yield: "&_\(name)"),
    ]
  }

  /// A `_read` or `_modify` coroutine that tells `StateReads` of the access around its yield.
  private static func reporting(_ kind: String, _ name: String, yield value: String)
    -> AccessorDeclSyntax
  {
    """
    \(raw: kind) {
      let _$reading = ComposableRuntime.StateReads.begin(Self.self, "\(raw: name)", type(of: _\(raw: name)))
      defer {
        if _$reading {
          ComposableRuntime.StateReads.end()
        }
      }
      yield \(raw: value)
    }
    """
  }

  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    guard let variable = declaration.as(VariableDeclSyntax.self),
      TrackedProperty.isTracked(variable),
      let binding = variable.bindings.first,
      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    else { return [] }
    let type = binding.typeAnnotation.map { $0.trimmedDescription } ?? ""
    let initializer = binding.initializer.map { " " + $0.trimmedDescription } ?? ""
    return ["private var _\(raw: name)\(raw: type)\(raw: initializer)"]
  }
}
