import Foundation
import SwiftBasicFormat
import SwiftSyntax
import SwiftSyntaxBuilder

/// The file of a generated test: its imports and one test function (Swift Testing) or one test
/// case class with one method (XCTest), formatted with swift-syntax's formatter (2 spaces).
struct TestFile {
  let style: TestGenerator.Style
  let testName: String
  let module: String
  /// Modules imported besides the runtime, the test framework and `module`.
  let imports: [String]
  let usesSupport: Bool
  /// Lines of the comment above the test.
  let comment: [String]
  let statements: [CodeBlockItemSyntax]

  /// The statements of the test's body, formatted one by one, a share of them on each core:
  /// swift-syntax's formatter takes most of a long test's generation, and a statement's
  /// formatting depends on nothing outside it but its indentation.
  private func formattedStatements(indentation: Int) -> [String] {
    let statements = self.statements
    let shares = min(ProcessInfo.processInfo.activeProcessorCount, 8, statements.count)
    guard shares > 1 else {
      return statements.map { Self.text(of: $0, indentation: indentation) }
    }
    var texts = [String](repeating: "", count: statements.count)
    texts.withUnsafeMutableBufferPointer { buffer in
      nonisolated(unsafe) let buffer = buffer
      DispatchQueue.concurrentPerform(iterations: shares) { share in
        var index = share
        while index < statements.count {
          buffer[index] = Self.text(of: statements[index], indentation: indentation)
          index += shares
        }
      }
    }
    return texts
  }

  /// One statement's lines, each indented by `indentation` spaces.
  private static func text(of statement: CodeBlockItemSyntax, indentation: Int) -> String {
    // NB: A formatter is a rewriter with state of its own: one per statement.
    let format = TestFormat(
      indentationWidth: .spaces(2), initialIndentation: .spaces(indentation))
    let text = statement.formatted(using: format).description
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return String(repeating: " ", count: indentation) + text
  }

  var source: String {
    var imports = ["ComposableRuntime", "Foundation"]
    imports.append(self.style == .swiftTesting ? "Testing" : "XCTest")
    if self.usesSupport { imports.append("TestGenerationSupport") }
    for module in self.imports where !imports.contains(module) && module != self.module {
      imports.append(module)
    }
    var items: [CodeBlockItemSyntax] = imports.map { name in
      CodeBlockItemSyntax(item: .decl(DeclSyntax(Self.importDecl(name, testable: false))))
    }
    items.append(
      CodeBlockItemSyntax(item: .decl(DeclSyntax(Self.importDecl(self.module, testable: true)))))
    let commentTrivia = Trivia(
      pieces: [.newlines(2)] + self.comment.flatMap { [.lineComment("// \($0)"), .newlines(1)] })
    switch self.style {
    case .swiftTesting:
      let function = self.function(
        name: self.testName, attributes: ["MainActor", "Test"], leadingTrivia: commentTrivia)
      items.append(CodeBlockItemSyntax(item: .decl(DeclSyntax(function))))
    case .xctest:
      let method = self.function(
        name: "test" + self.testName.prefix(1).uppercased() + self.testName.dropFirst(),
        attributes: ["MainActor"], leadingTrivia: [])
      let className = self.testName.prefix(1).uppercased() + self.testName.dropFirst() + "Tests"
      let classDecl = ClassDeclSyntax(
        leadingTrivia: commentTrivia,
        modifiers: DeclModifierListSyntax([DeclModifierSyntax(name: .keyword(.final))]),
        name: .identifier(className),
        inheritanceClause: InheritanceClauseSyntax(
          inheritedTypes: InheritedTypeListSyntax([
            InheritedTypeSyntax(type: IdentifierTypeSyntax(name: .identifier("XCTestCase")))
          ])),
        memberBlock: MemberBlockSyntax(
          members: MemberBlockItemListSyntax([MemberBlockItemSyntax(decl: method)])))
      items.append(CodeBlockItemSyntax(item: .decl(DeclSyntax(classDecl))))
    }
    // NB: The body is one placeholder statement here, replaced by the statements formatted apart.
    let file = SourceFileSyntax(statements: CodeBlockItemListSyntax(items))
    let formatted = file.formatted(using: TestFormat(indentationWidth: .spaces(2)))
    let indentation = self.style == .swiftTesting ? 2 : 4
    let placeholder = String(repeating: " ", count: indentation) + Self.placeholder
    let body = self.formattedStatements(indentation: indentation).joined(separator: "\n")
    return formatted.description.trimmingTrailingWhitespace()
      .replacingOccurrences(of: placeholder, with: body).trimmingTrailingWhitespace() + "\n"
  }

  /// Where the body goes in the formatted skeleton.
  private static let placeholder = "__generatedTestBody__"

  private static func importDecl(_ name: String, testable: Bool) -> ImportDeclSyntax {
    ImportDeclSyntax(
      attributes: testable
        ? AttributeListSyntax([
          .attribute(
            AttributeSyntax(attributeName: IdentifierTypeSyntax(name: .identifier("testable"))))
        ]) : AttributeListSyntax([]),
      path: ImportPathComponentListSyntax([ImportPathComponentSyntax(name: .identifier(name))]))
  }

  private func function(
    name: String, attributes: [String], leadingTrivia: Trivia
  ) -> FunctionDeclSyntax {
    FunctionDeclSyntax(
      leadingTrivia: leadingTrivia,
      attributes: AttributeListSyntax(
        attributes.map {
          .attribute(AttributeSyntax(attributeName: IdentifierTypeSyntax(name: .identifier($0))))
        }),
      name: .identifier(name),
      signature: FunctionSignatureSyntax(
        parameterClause: FunctionParameterClauseSyntax(parameters: FunctionParameterListSyntax([])),
        effectSpecifiers: FunctionEffectSpecifiersSyntax(
          asyncSpecifier: .keyword(.async),
          throwsClause: ThrowsClauseSyntax(throwsSpecifier: .keyword(.throws)))),
      body: CodeBlockSyntax(
        statements: CodeBlockItemListSyntax([
          CodeBlockItemSyntax(item: .expr(ExprSyntax(DeclReferenceExprSyntax(baseName: .identifier(Self.placeholder)))))
        ])))
  }
}

extension String {
  /// The text with spaces and tabs at the ends of its lines removed.
  fileprivate func trimmingTrailingWhitespace() -> String {
    self.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line in
        var line = Substring(line)
        while line.last == " " || line.last == "\t" { line.removeLast() }
        return String(line)
      }
      .joined(separator: "\n")
      .trimmingCharacters(in: .newlines)
  }
}
