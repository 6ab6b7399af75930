import SwiftSyntax

/// The members `@Reducer` adds to an enum of child reducers (the `Destination`/`Path` form).
///
/// For `@Reducer enum Destination { case editor(Editor) }` it generates, each unless the enum
/// already declares it:
/// - `enum State: ComposableRuntime.CaseReducerState, ComposableRuntime.ObservableState` (and
///   CasePathable) with `case editor(Editor.State)`,
/// - `enum Action` (CasePathable) with `case editor(Editor.Action)`,
/// - `static var body`, TCA's `Reduce(EmptyReducer().ifCaseLet(...) { Editor() } ...)`,
/// - `enum CaseScope` with `case editor(ComposableRuntime.StoreOf<Editor>)`,
/// - `static func scope(_:) -> CaseScope`, which scopes a store to the current case.
///
/// Every generated member gets the enum's `public` or `package` access.
struct CaseReducerMembers {
  let decls: [DeclSyntax]

  init(enumDecl: EnumDeclSyntax) {
    let cases = ReducerCaseList(members: enumDecl.memberBlock.members)
    let members = enumDecl.memberBlock.members.map(\.decl)
    let typeNames = Set(
      members.compactMap {
        $0.as(StructDeclSyntax.self)?.name.text
          ?? $0.as(EnumDeclSyntax.self)?.name.text
          ?? $0.as(TypeAliasDeclSyntax.self)?.name.text
      }
    )
    let hasBody = members.contains {
      $0.as(VariableDeclSyntax.self)?.bindings.contains {
        $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
      } ?? false
    }
    let hasScope = members.contains { $0.as(FunctionDeclSyntax.self)?.name.text == "scope" }
    let access = enumDecl.accessPrefix

    // NB: Conformances that TCA leaves to the `@CasePathable` and `@ObservableState` extension
    // roles are spelled out here instead. Swift 6.3 crashes (signal 11, in type checking) once a
    // module holds about five enum reducers whose generated enums get conformances from nested
    // extension macros; `@CasePathable` is kept for its members, and emits no extension for an
    // enum that already conforms.
    let casePathable = "CasePaths.CasePathable, CasePaths.CasePathIterable"
    var decls: [DeclSyntax] = []
    if !typeNames.contains("State") {
      let header =
        "\(access)enum State: ComposableRuntime.CaseReducerState, "
        + "ComposableRuntime.ObservableState, \(casePathable)"
      let lines =
        ["\(access)typealias StateReducer = \(enumDecl.name.text)"] + cases.lines(\.stateCase)
      decls.append(
        """
        @CasePathable
        @dynamicMemberLookup
        @ComposableRuntime._TraceCodable
        \(raw: Self.block(header, lines))
        """
      )
    }
    if !typeNames.contains("Action") {
      let header = "\(access)enum Action: \(casePathable)"
      decls.append(
        """
        @CasePathable
        @ComposableRuntime._TraceCodable
        \(raw: Self.block(header, cases.lines(\.actionCase)))
        """
      )
    }
    if !hasBody {
      // NB: A postfix `#if` clause with no member after it makes the compiler lose the chain's
      // type when a later clause has one, so empty clauses get a no-op `.self`.
      let ifCaseLets = cases.lines(emptyClause: ".self", \.ifCaseLet)
      decls.append(Self.body(access: access, ifCaseLets: ifCaseLets))
    }
    if !typeNames.contains("CaseScope") {
      decls.append("\(raw: Self.block("\(access)enum CaseScope", cases.lines(\.caseScopeCase)))")
    }
    if !hasScope {
      decls.append(
        """
        @preconcurrency @MainActor
        \(raw: access)static func scope(\
        _ store: ComposableRuntime.Store<Self.State, Self.Action>\
        ) -> CaseScope {
        \(raw: Self.block("switch store.state", cases.lines(\.scopeSwitchCase)))
        }
        """
      )
    }
    self.decls = decls
  }

  /// `static var body`: an `EmptyReducer` with one `ifCaseLet` per reducer case, wrapped in
  /// `Reduce` as TCA does, or a bare `EmptyReducer` when no case holds a reducer.
  private static func body(access: String, ifCaseLets: [String]) -> DeclSyntax {
    let empty = "ComposableRuntime.EmptyReducer<Self.State, Self.Action>"
    let type = ifCaseLets.isEmpty ? empty : "ComposableRuntime.Reduce<Self.State, Self.Action>"
    let value =
      ifCaseLets.isEmpty
      ? "\(empty)()"
      : (["ComposableRuntime.Reduce(", "\(empty)()"] + ifCaseLets + [")"])
        .joined(separator: "\n")
    return """
      @ComposableRuntime.ReducerBuilder<Self.State, Self.Action>
      \(raw: access)static var body: \(raw: type) {
      \(raw: value)
      }
      """
  }

  /// `header { lines }`, one line each, or `header {}` with no lines.
  private static func block(_ header: String, _ lines: [String]) -> String {
    lines.isEmpty ? "\(header) {\n}" : "\(header) {\n\(lines.joined(separator: "\n"))\n}"
  }
}
