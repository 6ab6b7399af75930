import Foundation
import SwiftSyntax
import SwiftSyntaxBuilder

/// Small constructors of the expressions a generated test is made of, so that the generator reads
/// as the Swift it writes: `.call(.member(nil, "send"), [(nil, action)])`.
enum SwiftExpression {
  /// A name as written: `store`, `$0`, `clock`.
  static func name(_ text: String) -> ExprSyntax {
    ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(text)))
  }

  /// `base.member`, or `.member` with no base (an implicit member).
  static func member(_ base: ExprSyntax?, _ member: String) -> ExprSyntax {
    ExprSyntax(
      MemberAccessExprSyntax(
        base: base, period: .periodToken(),
        declName: DeclReferenceExprSyntax(baseName: .identifier(member))))
  }

  /// `callee(label: argument, …)`, with an optional trailing closure and labeled ones after it
  /// (`AlertState { … } actions: { … }`).
  static func call(
    _ callee: ExprSyntax, _ arguments: [(label: String?, value: ExprSyntax)],
    trailingClosure: ClosureExprSyntax? = nil,
    additionalTrailingClosures: [(label: String, closure: ClosureExprSyntax)] = []
  ) -> ExprSyntax {
    ExprSyntax(
      FunctionCallExprSyntax(
        calledExpression: callee,
        leftParen: arguments.isEmpty && trailingClosure != nil ? nil : .leftParenToken(),
        arguments: labeled(arguments),
        rightParen: arguments.isEmpty && trailingClosure != nil ? nil : .rightParenToken(),
        trailingClosure: trailingClosure,
        additionalTrailingClosures: MultipleTrailingClosureElementListSyntax(
          additionalTrailingClosures.map {
            MultipleTrailingClosureElementSyntax(label: .identifier($0.label), closure: $0.closure)
          })))
  }

  /// `base[label: argument, …]`.
  static func subscripted(
    _ base: ExprSyntax, _ arguments: [(label: String?, value: ExprSyntax)]
  ) -> ExprSyntax {
    ExprSyntax(SubscriptCallExprSyntax(calledExpression: base, arguments: labeled(arguments)))
  }

  /// `{ statements }`, or `nil` for none.
  static func closure(_ statements: [ExprSyntax]) -> ClosureExprSyntax? {
    guard !statements.isEmpty else { return nil }
    return ClosureExprSyntax(
      statements: CodeBlockItemListSyntax(
        statements.map { CodeBlockItemSyntax(item: .expr($0)) }))
  }

  /// Whether `text` can be written as a name: ASCII letters, digits and `_`, not led by a digit.
  static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, !CharacterSet.decimalDigits.contains(first)
    else { return false }
    return text.unicodeScalars.allSatisfy {
      $0 == "_" || CharacterSet.alphanumerics.contains($0) && $0.isASCII
    }
  }

  /// `base?`, to chain through an optional.
  static func optionalChained(_ base: ExprSyntax) -> ExprSyntax {
    ExprSyntax(OptionalChainingExprSyntax(expression: base))
  }

  /// `await expression`.
  static func awaited(_ expression: ExprSyntax) -> ExprSyntax {
    ExprSyntax(AwaitExprSyntax(expression: expression))
  }

  /// `try expression`.
  static func tried(_ expression: ExprSyntax) -> ExprSyntax {
    ExprSyntax(TryExprSyntax(expression: expression))
  }

  /// `target = value`.
  static func assignment(_ target: ExprSyntax, _ value: ExprSyntax) -> ExprSyntax {
    ExprSyntax(
      InfixOperatorExprSyntax(
        leftOperand: target, operator: AssignmentExprSyntax(), rightOperand: value))
  }

  /// `let name = value`, a statement.
  static func constant(_ name: String, _ value: ExprSyntax) -> CodeBlockItemSyntax {
    CodeBlockItemSyntax(
      item: .decl(
        DeclSyntax(
          VariableDeclSyntax(
            bindingSpecifier: .keyword(.let),
            bindings: PatternBindingListSyntax([
              PatternBindingSyntax(
                pattern: IdentifierPatternSyntax(identifier: .identifier(name)),
                initializer: InitializerClauseSyntax(value: value))
            ])))))
  }

  /// `[a, b]`, or `[]`.
  static func array(_ elements: [ExprSyntax]) -> ExprSyntax {
    ExprSyntax(
      ArrayExprSyntax(
        elements: ArrayElementListSyntax(
          elements.enumerated().map { index, element in
            ArrayElementSyntax(
              expression: element,
              trailingComma: index < elements.count - 1 ? .commaToken() : nil)
          })))
  }

  /// `[key: value, …]`, or `[:]`.
  static func dictionary(_ entries: [(key: ExprSyntax, value: ExprSyntax)]) -> ExprSyntax {
    guard !entries.isEmpty else {
      return ExprSyntax(DictionaryExprSyntax(content: .colon(.colonToken())))
    }
    return ExprSyntax(
      DictionaryExprSyntax(
        content: .elements(
          DictionaryElementListSyntax(
            entries.enumerated().map { index, entry in
              DictionaryElementSyntax(
                key: entry.key, value: entry.value,
                trailingComma: index < entries.count - 1 ? .commaToken() : nil)
            }))))
  }

  /// An integer literal, negative ones with a minus sign.
  static func integer<I: BinaryInteger>(_ value: I) -> ExprSyntax {
    let literal = ExprSyntax(
      IntegerLiteralExprSyntax(literal: .integerLiteral("\(value.magnitude)")))
    guard value < 0 else { return literal }
    return ExprSyntax(PrefixOperatorExprSyntax(operator: .prefixOperator("-"), expression: literal))
  }

  /// A floating-point literal that reads back as the same `Double`, or `.infinity`/`.nan`.
  static func double(_ value: Double) -> ExprSyntax {
    if value.isNaN { return member(nil, "nan") }
    if value.isInfinite {
      let infinity = member(nil, "infinity")
      return value < 0
        ? ExprSyntax(PrefixOperatorExprSyntax(operator: .prefixOperator("-"), expression: infinity))
        : infinity
    }
    let literal = ExprSyntax(FloatLiteralExprSyntax(literal: .floatLiteral("\(value.magnitude)")))
    guard value.sign == .minus else { return literal }
    return ExprSyntax(PrefixOperatorExprSyntax(operator: .prefixOperator("-"), expression: literal))
  }

  /// A string literal; quotes and backslashes make it a raw string (`#"…"#`).
  static func string(_ value: String) -> ExprSyntax {
    ExprSyntax(StringLiteralExprSyntax(content: value))
  }

  /// `\.a.b[id: 3].c`: a key path from the components' names and subscripts.
  static func keyPath(_ components: [KeyPathPart]) -> ExprSyntax {
    ExprSyntax(
      KeyPathExprSyntax(
        components: KeyPathComponentListSyntax(
          components.map { part in
            switch part {
            case let .property(name):
              KeyPathComponentSyntax(
                period: .periodToken(),
                component: .property(
                  KeyPathPropertyComponentSyntax(
                    declName: DeclReferenceExprSyntax(baseName: .identifier(name)))))
            case let .subscripted(label, value):
              KeyPathComponentSyntax(
                component: .subscript(
                  KeyPathSubscriptComponentSyntax(arguments: labeled([(label, value)]))))
            }
          })))
  }

  /// One step of a key path.
  enum KeyPathPart {
    case property(String)
    case subscripted(label: String?, ExprSyntax)
  }

  private static func labeled(_ arguments: [(label: String?, value: ExprSyntax)])
    -> LabeledExprListSyntax
  {
    LabeledExprListSyntax(
      arguments.enumerated().map { index, argument in
        LabeledExprSyntax(
          label: argument.label.map { .identifier($0) },
          colon: argument.label == nil ? nil : .colonToken(),
          expression: argument.value,
          trailingComma: index < arguments.count - 1 ? .commaToken() : nil)
      })
  }
}
