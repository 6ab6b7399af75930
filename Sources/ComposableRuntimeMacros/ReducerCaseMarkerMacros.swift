import SwiftSyntax
import SwiftSyntaxMacros

/// The implementation of `@ReducerCaseEphemeral`, which marks a case of a `@Reducer` enum as
/// ephemeral state (an alert or a confirmation dialog) rather than a child reducer.
///
/// The marker only informs `@Reducer`, which reads it from the case's attributes; it expands to
/// nothing.
///
/// ```swift
/// @Reducer
/// enum Destination {
///   case editor(Editor)
///   @ReducerCaseEphemeral
///   case alert(AlertState<Alert>)
/// }
/// ```
public enum ReducerCaseEphemeralMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}

/// The implementation of `@ReducerCaseIgnored`, which marks a case of a `@Reducer` enum that has
/// no reducer behind it: its value is kept in `State` and its action case holds `Swift.Never`.
///
/// The marker only informs `@Reducer`, which reads it from the case's attributes; it expands to
/// nothing.
///
/// ```swift
/// @Reducer
/// enum Path {
///   case detail(Detail)
///   @ReducerCaseIgnored
///   case about
/// }
/// ```
public enum ReducerCaseIgnoredMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}
