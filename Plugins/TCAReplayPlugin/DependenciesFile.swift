import Foundation

/// The package's `TCAReplayDependencies.swift`, at its root: the dependencies the feature's
/// effects get when they run (live replay, chaos, shrinking) and in the tests `test` writes,
/// given once, in Swift.
///
/// ```swift
/// import MyApp
///
/// func prepareDependencies(_ dependencies: inout DependencyValues) {
///   dependencies.apiClient = .mock
/// }
/// ```
///
/// The runner compiles the file as it is; a generated test gets the function's body, with
/// `dependencies` written `$0`, inside its `withDependencies`.
struct DependenciesFile {
  static let name = "TCAReplayDependencies.swift"

  let source: String
  /// The function's body as `withDependencies` statements.
  let statements: String
  /// The modules the file imports: a generated test imports them too, for what the statements
  /// name.
  let imports: [String]

  /// The file in `directory`, or nil when there is none.
  init?(in directory: URL) throws {
    let file = directory.appendingPathComponent(Self.name)
    guard FileManager.default.fileExists(atPath: file.path) else { return nil }
    let source = try String(contentsOf: file, encoding: .utf8)
    guard let body = Self.body(of: "prepareDependencies", in: source) else {
      throw PluginFailure(
        "expected \(Self.name) to declare func prepareDependencies(_ dependencies: inout DependencyValues) { … }; found no such function"
      )
    }
    self.source = source
    self.statements = Self.statements(body)
    self.imports = source.split(separator: "\n").compactMap { Self.importedModule(String($0)) }
  }

  /// The module an import declaration on `line` names, or `nil` when the line is not one:
  /// `import MyApp`, `@testable import MyApp`, `public import MyApp;`,
  /// `import struct MyApp.Client // a comment` all name `MyApp`.
  static func importedModule(_ line: String) -> String? {
    let code = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line
    var words = code.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == ";" })[...]
    let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
    while let first = words.first, first.hasPrefix("@") || modifiers.contains(first) {
      words = words.dropFirst()
    }
    guard words.first == "import" else { return nil }
    words = words.dropFirst()
    let kinds: Set<Substring> = [
      "struct", "class", "enum", "protocol", "typealias", "func", "let", "var",
    ]
    if let kind = words.first, kinds.contains(kind) { words = words.dropFirst() }
    guard let path = words.first, let module = path.split(separator: ".").first else { return nil }
    return String(module)
  }

  /// The text between the braces of function `name`'s body.
  private static func body(of name: String, in source: String) -> Substring? {
    guard let declaration = source.range(of: "func \(name)"),
      let open = source[declaration.upperBound...].firstIndex(of: "{")
    else { return nil }
    var depth = 0
    var index = open
    while index < source.endIndex {
      switch source[index] {
      case "{": depth += 1
      case "}":
        depth -= 1
        if depth == 0 { return source[source.index(after: open)..<index] }
      default: break
      }
      index = source.index(after: index)
    }
    return nil
  }

  /// `body`'s lines, dedented, with the parameter `dependencies` written `$0`.
  private static func statements(_ body: Substring) -> String {
    let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
      .map { String($0) }
      .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    let indent = lines.map { $0.prefix { $0 == " " }.count }.min() ?? 0
    return lines.map { line in
      Self.renamingParameter(String(line.dropFirst(indent)))
    }
    .joined(separator: "\n")
  }

  /// `line` with the identifier `dependencies` (not a longer name that contains it) as `$0`.
  private static func renamingParameter(_ line: String) -> String {
    let word = "dependencies"
    var result = ""
    var rest = Substring(line)
    while let found = rest.range(of: word) {
      let before = found.lowerBound == rest.startIndex ? nil : rest[rest.index(before: found.lowerBound)]
      let after = found.upperBound == rest.endIndex ? nil : rest[found.upperBound]
      let isIdentifier = { (character: Character?) in
        character.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ?? false
      }
      result += rest[..<found.lowerBound]
      if isIdentifier(before) || (after.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false) {
        result += word
      } else {
        result += "$0"
      }
      rest = rest[found.upperBound...]
    }
    return result + rest
  }
}
