import SwiftSyntax

/// The ids and dates a generated test writes more than once, named as the constants a person
/// would declare at the top of the test and use after:
///
/// ```swift
/// let id1 = UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000001")!
/// let date1 = Date(timeIntervalSinceReferenceDate: 700000001.5)
/// …
/// await store.send(.legRemoved(id1)) {
///   $0.legs.remove(id: id1)
/// }
/// ```
///
/// A value is named when the test's statements write it at least once and it is written or
/// mentioned (in a comment on what an effect read) twice in all. Names are `id1`, `id2`, … for
/// `UUID(uuidString: "…")!` and `date1`, … for `Date(timeIntervalSinceReferenceDate: …)`,
/// numbered in order of first use, and skip any name the test already uses; the ids are declared
/// before the dates. `UUID(3)`, as `.incrementing` makes, is short enough to stay as written.
struct NamedConstants {
  /// The constants, in order of first use.
  private(set) var constants: [(name: String, kind: Kind, value: ExprSyntax)] = []
  /// Each named value's text, with its name.
  private var names: [String: String] = [:]

  /// Names the values `statements` write more than once, counting `mentions` as one use each.
  ///
  /// - Parameter taken: names the test declares or uses besides those in `statements`.
  init(statements: [CodeBlockItemSyntax], mentions: [ExprSyntax], taken: Set<String>) {
    let uses = ValueUses(viewMode: .sourceAccurate)
    for statement in statements { uses.walk(statement) }
    var mentioned: [String: Int] = [:]
    for mention in mentions { mentioned[mention.trimmedDescription, default: 0] += 1 }
    var taken = taken.union(uses.identifiers)
    var counters: [Kind: Int] = [:]
    for (text, use) in uses.values where use.count + mentioned[text, default: 0] >= 2 {
      var name: String
      repeat {
        counters[use.kind, default: 0] += 1
        name = use.kind.prefix + String(counters[use.kind]!)
      } while taken.contains(name)
      taken.insert(name)
      self.names[text] = name
      self.constants.append((name, use.kind, use.value))
    }
  }

  /// The name of `value`, when it is one of the constants.
  func name(for value: ExprSyntax) -> String? {
    self.names[value.trimmedDescription]
  }

  /// `let id1 = UUID(uuidString: "…")!`, one for each constant: the ids, then the dates.
  var declarations: [CodeBlockItemSyntax] {
    Kind.allCases.flatMap { kind in
      self.constants.filter { $0.kind == kind }.map { SwiftExpression.constant($0.name, $0.value) }
    }
  }

  /// `statements` with each named value replaced by its name.
  func rewritten(_ statements: [CodeBlockItemSyntax]) -> [CodeBlockItemSyntax] {
    guard !self.names.isEmpty else { return statements }
    let rewriter = ValueNaming(names: self.names)
    return statements.map { rewriter.rewrite($0).cast(CodeBlockItemSyntax.self) }
  }

  /// What kind of value a constant holds, which gives its name.
  enum Kind: Hashable, CaseIterable {
    case uuid, date

    var prefix: String {
      switch self {
      case .uuid: "id"
      case .date: "date"
      }
    }

    /// The kind of `expression` when it is a value this names: `UUID(uuidString: "…")!` or
    /// `Date(timeIntervalSinceReferenceDate: …)`.
    init?(_ expression: some SyntaxProtocol) {
      if let unwrapped = expression.as(ForceUnwrapExprSyntax.self),
        Self.isCall(unwrapped.expression, "UUID", label: "uuidString")
      {
        self = .uuid
      } else if Self.isCall(expression, "Date", label: "timeIntervalSinceReferenceDate") {
        self = .date
      } else {
        return nil
      }
    }

    private static func isCall(_ expression: some SyntaxProtocol, _ name: String, label: String)
      -> Bool
    {
      guard let call = expression.as(FunctionCallExprSyntax.self),
        call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == name,
        call.trailingClosure == nil, call.arguments.count == 1,
        let argument = call.arguments.first, argument.label?.text == label
      else { return false }
      // NB: A literal, not a variable the test declared.
      return argument.expression.is(StringLiteralExprSyntax.self)
        || argument.expression.is(FloatLiteralExprSyntax.self)
        || argument.expression.is(IntegerLiteralExprSyntax.self)
        || argument.expression.is(PrefixOperatorExprSyntax.self)
    }
  }
}

/// Counts the values ``NamedConstants`` names, in order of first use, and collects every
/// identifier, so that a new name takes none of them.
private final class ValueUses: SyntaxVisitor {
  struct Use {
    let kind: NamedConstants.Kind
    let value: ExprSyntax
    var count: Int
  }

  private(set) var values: [(text: String, use: Use)] = []
  private var positions: [String: Int] = [:]
  private(set) var identifiers = Set<String>()

  override func visit(_ node: ForceUnwrapExprSyntax) -> SyntaxVisitorContinueKind {
    self.count(ExprSyntax(node)) ? .skipChildren : .visitChildren
  }

  override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
    self.count(ExprSyntax(node)) ? .skipChildren : .visitChildren
  }

  override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
    if case let .identifier(text) = token.tokenKind { self.identifiers.insert(text) }
    return .visitChildren
  }

  private func count(_ expression: ExprSyntax) -> Bool {
    guard let kind = NamedConstants.Kind(expression) else { return false }
    let text = expression.trimmedDescription
    if let position = self.positions[text] {
      self.values[position].use.count += 1
    } else {
      self.positions[text] = self.values.count
      self.values.append((text, Use(kind: kind, value: expression.trimmed, count: 1)))
    }
    return true
  }
}

/// Replaces each named value with its name.
private final class ValueNaming: SyntaxRewriter {
  let names: [String: String]

  init(names: [String: String]) {
    self.names = names
    super.init(viewMode: .sourceAccurate)
  }

  override func visit(_ node: ForceUnwrapExprSyntax) -> ExprSyntax {
    self.named(ExprSyntax(node)) ?? super.visit(node)
  }

  override func visit(_ node: FunctionCallExprSyntax) -> ExprSyntax {
    self.named(ExprSyntax(node)) ?? super.visit(node)
  }

  private func named(_ expression: ExprSyntax) -> ExprSyntax? {
    guard NamedConstants.Kind(expression) != nil,
      let name = self.names[expression.trimmedDescription]
    else { return nil }
    return SwiftExpression.name(name)
      .with(\.leadingTrivia, expression.leadingTrivia)
      .with(\.trailingTrivia, expression.trailingTrivia)
  }
}
