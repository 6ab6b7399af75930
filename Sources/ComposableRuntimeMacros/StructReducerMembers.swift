import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The members `@Reducer` adds to a struct: whichever of `State`, `Action` and `body` it lacks.
///
/// `State` and `Action` are only synthesized for a struct with no `body` (of any form) and no
/// `reduce(into:action:)` method, since those name the types they work on; `body` is then
/// synthesized too, as an `EmptyReducer`. The synthesized `State` declares its
/// `ComposableRuntime.ObservableState` conformance directly rather than through
/// `@ObservableState` (see ``CaseReducerMembers`` for why).
/// A `reduce(into:action:)` method draws a deprecation warning with a fix-it that moves it into
/// `body`.
struct StructReducerMembers {
  let decls: [DeclSyntax]

  init(declaration: some DeclGroupSyntax, context: some MacroExpansionContext) {
    let members = declaration.memberBlock.members.map(\.decl)
    let typeNames = Set(
      members.compactMap {
        $0.as(StructDeclSyntax.self)?.name.text
          ?? $0.as(EnumDeclSyntax.self)?.name.text
          ?? $0.as(TypeAliasDeclSyntax.self)?.name.text
      }
    )
    let bodyBindings = members.flatMap { member -> [PatternBindingSyntax] in
      guard let variable = member.as(VariableDeclSyntax.self) else { return [] }
      return variable.bindings.filter {
        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
      }
    }
    let reduceMethods = members.compactMap { $0.as(FunctionDeclSyntax.self) }
      .filter(Self.isReduceMethod)
    for method in reduceMethods {
      Self.diagnoseDeprecated(method, in: context)
    }
    let hasBody = !bodyBindings.isEmpty || !reduceMethods.isEmpty

    let access = declaration.accessPrefix
    var decls: [DeclSyntax] = []
    if !typeNames.contains("State") && !hasBody {
      decls.append(
        """
        \(raw: access)struct State: Codable, Equatable, Hashable, Sendable, \
        ComposableRuntime.ObservableState {
        \(raw: access)init() {}
        }
        """
      )
    }
    if !typeNames.contains("Action") && !hasBody {
      decls.append("\(raw: access)enum Action: Equatable, Hashable, Sendable {}")
    }
    if !hasBody {
      decls.append("\(raw: access)let body = ComposableRuntime.EmptyReducer<State, Action>()")
    }
    self.decls = decls
  }

  /// Whether `method` is `func reduce(into state: inout S, action: A) -> R`.
  private static func isReduceMethod(_ method: FunctionDeclSyntax) -> Bool {
    let parameters = method.signature.parameterClause.parameters
    guard
      method.name.text == "reduce",
      parameters.count == 2,
      let state = parameters.first,
      let action = parameters.last,
      state.firstName.text == "into",
      action.firstName.text == "action",
      state.type.as(AttributedTypeSyntax.self)?.specifiers.contains(where: {
        $0.trimmedDescription == "inout"
      }) == true,
      method.signature.returnClause != nil
    else { return false }
    return true
  }

  /// Warns that `method` is deprecated and offers to rewrite it as
  /// `var body: some Reducer<S, A> { Reduce { state, action in ... } }`.
  private static func diagnoseDeprecated(
    _ method: FunctionDeclSyntax,
    in context: some MacroExpansionContext
  ) {
    let parameters = Array(method.signature.parameterClause.parameters)
    let stateType =
      parameters[0].type.as(AttributedTypeSyntax.self)?.baseType.trimmedDescription ?? "State"
    let names = parameters.map { ($0.secondName ?? $0.firstName).text }
    let indent = method.leadingTrivia.lastLineIndentation
    let statementIndent =
      method.body?.statements.first?.leadingTrivia.lastLineIndentation ?? indent + "  "
    let unit =
      statementIndent.count > indent.count ? String(statementIndent.dropFirst(indent.count)) : "  "
    let statements = (method.body?.statements.trimmedDescription ?? "")
      .split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
      .map { index, line in
        guard !line.isEmpty else { return "" }
        let unindented =
          index > 0 && line.hasPrefix(statementIndent)
          ? line.dropFirst(statementIndent.count) : line
        return indent + unit + unit + unindented
      }
      .joined(separator: "\n")
    let body: DeclSyntax = """
      var body: some Reducer<\(raw: stateType), \(raw: parameters[1].type.trimmedDescription)> {
      \(raw: indent + unit)Reduce { \(raw: names[0]), \(raw: names[1]) in
      \(raw: statements)
      \(raw: indent + unit)}
      \(raw: indent)}
      """
    context.diagnose(
      Diagnostic(
        node: method.name,
        message: MacroDiagnostic.reduceMethodDeprecated,
        fixIt: FixIt(
          message: UseBodyFixIt(),
          changes: [
            .replace(
              oldNode: Syntax(method),
              newNode: Syntax(
                body.with(\.leadingTrivia, method.leadingTrivia)
                  .with(\.trailingTrivia, method.trailingTrivia)
              )
            )
          ]
        )
      )
    )
  }
}

extension Trivia {
  /// The spaces and tabs that end the trivia after its last newline: the indentation of the line
  /// the following token starts.
  fileprivate var lastLineIndentation: String {
    let lastLine = description.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
    return String(lastLine.prefix { $0 == " " || $0 == "\t" })
  }
}
