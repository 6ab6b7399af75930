import Foundation
import SwiftSyntax

/// A stream the dependencies given to the generator make for the test to drive, as TCA's tests
/// do: `let (screenshots, takeScreenshot) = AsyncStream.makeStream(of: Void.self)` or
/// `let download = AsyncThrowingStream.makeStream(of: DownloadClient.Event.self)`.
///
/// The recording holds what the live stream delivered only as the actions its effect sent back.
/// A generated test declares the stream before its store (so that the test holds the
/// continuation) and, before it receives such an action, yields the value of the stream's
/// element type that the action carries (`download.continuation.yield(.updateProgress(0.2))`
/// before `receive(\.downloadClient.success.updateProgress)`). A stream of `Void` carries
/// nothing to recognise an action by: it is fed before the actions without a payload of effects
/// that never slept, and only when it is the one such stream.
struct StreamFeed {
  /// The declaration, moved out of `withDependencies` into the test.
  let declaration: CodeBlockItemSyntax
  /// `download.continuation`, or `takeScreenshot`.
  let continuation: ExprSyntax
  /// The element type as written, normalized (see ``normalized(_:modules:)``).
  let elementType: String
  /// Whether it is an `AsyncThrowingStream`, which the test can end with an error.
  let canFail: Bool

  /// Whether the stream's elements are `Void`.
  var carriesNothing: Bool { self.elementType == "()" }

  /// The feeds among `statements`, and the statements left once they are taken out.
  static func feeds(in statements: CodeBlockItemListSyntax) -> (
    feeds: [StreamFeed], rest: [CodeBlockItemSyntax]
  ) {
    var feeds: [StreamFeed] = []
    var rest: [CodeBlockItemSyntax] = []
    for statement in statements {
      if let feed = StreamFeed(statement) {
        feeds.append(feed)
      } else {
        rest.append(statement)
      }
    }
    return (feeds, rest)
  }

  /// The feed `statement` declares, or `nil` when it declares none.
  init?(_ statement: CodeBlockItemSyntax) {
    guard case let .decl(declaration) = statement.item,
      let variable = declaration.as(VariableDeclSyntax.self),
      variable.bindings.count == 1, let binding = variable.bindings.first,
      let call = binding.initializer?.value.as(FunctionCallExprSyntax.self),
      let callee = call.calledExpression.as(MemberAccessExprSyntax.self),
      callee.declName.baseName.text == "makeStream", let base = callee.base
    else { return nil }
    // NB: `AsyncStream.makeStream(of: T.self)` or `AsyncStream<T>.makeStream()`.
    var element: String?
    var streamName = ""
    if let name = base.as(DeclReferenceExprSyntax.self), Self.isStream(name.baseName.text),
      let argument = call.arguments.first(where: { $0.label?.text == "of" }),
      let metatype = argument.expression.as(MemberAccessExprSyntax.self),
      metatype.declName.baseName.text == "self", let type = metatype.base
    {
      element = type.trimmedDescription
      streamName = name.baseName.text
    } else if let specialized = base.as(GenericSpecializationExprSyntax.self),
      let name = specialized.expression.as(DeclReferenceExprSyntax.self),
      Self.isStream(name.baseName.text),
      let argument = specialized.genericArgumentClause.arguments.first
    {
      element = argument.argument.trimmedDescription
      streamName = name.baseName.text
    }
    guard let element else { return nil }
    // NB: `let download = …` holds the pair; `let (stream, continuation) = …` names it.
    if let name = binding.pattern.as(IdentifierPatternSyntax.self) {
      self.continuation = SwiftExpression.member(
        SwiftExpression.name(name.identifier.text), "continuation")
    } else if let tuple = binding.pattern.as(TuplePatternSyntax.self), tuple.elements.count == 2,
      let name = tuple.elements.last?.pattern.as(IdentifierPatternSyntax.self)
    {
      self.continuation = SwiftExpression.name(name.identifier.text)
    } else {
      return nil
    }
    self.declaration = statement.trimmed
    self.elementType = Self.normalized(element, modules: [])
    self.canFail = streamName == "AsyncThrowingStream"
  }

  private static func isStream(_ name: String) -> Bool {
    name == "AsyncStream" || name == "AsyncThrowingStream"
  }

  /// The value of this feed's element type that `action` carries in its cases' payloads, looked
  /// for through enum cases only (never a struct's fields); `nil` when it carries none.
  ///
  /// NB: A value of a plain type (`Bool`, `Int`, `String`…) says little of where it came from
  /// (`.recordPermissionResponse(true)` is no element of a stream of `Bool`): it counts only as
  /// the success of a `Result`, which is how an effect reading a throwing stream sends it.
  func value(in action: Any, modules: Set<String>) -> Any? {
    let isPlain = Self.plainTypes.contains(self.elementType)
    return Self.firstPayload(of: action) { value, label in
      guard !isPlain || label == "success",
        Self.normalized(String(reflecting: type(of: value)), modules: modules)
          .hasTypeName(self.elementType)
      else { return nil }
      return value
    }
  }

  /// The error of a failed `Result` of this feed's element type that `action` carries, as an
  /// effect reading a throwing stream sends what the stream threw (`.failure(error)`); `nil`
  /// when it carries none, or the stream cannot fail.
  ///
  /// - Parameter ofAnySuccess: take a failed `Result` whatever its success type: an effect that
  ///   sends back something made of each element (`.success(result.transcript)`) still sends
  ///   what the stream threw as it is.
  func failure(in action: Any, modules: Set<String>, ofAnySuccess: Bool = false) -> Any? {
    guard self.canFail else { return nil }
    let result = ofAnySuccess ? "Result<" : "Result<\(self.elementType),"
    return Self.firstPayload(of: action) { value, _ in
      guard Self.normalized(String(reflecting: type(of: value)), modules: modules)
        .hasPrefix(result),
        let child = Mirror(reflecting: value).children.first, child.label == "failure"
      else { return nil }
      return child.value
    }
  }

  /// The standard library's types of one value, which ``value(in:modules:)`` takes only as a
  /// `Result`'s success.
  private static let plainTypes: Set<String> = [
    "Bool", "String", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8",
    "UInt16", "UInt32", "UInt64", "Double", "Float",
  ]

  /// What `match` makes of the first of `value`'s cases' payloads it makes something of,
  /// outermost first; `match` is given each payload and the name of its case when it is the
  /// case's one value.
  private static func firstPayload(
    of value: Any, depth: Int = 0, _ match: (Any, String?) -> Any?
  ) -> Any? {
    guard depth < 8 else { return nil }
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum else { return nil }
    for child in mirror.children {
      // NB: A case with several values has them as one tuple.
      let isTuple = Mirror(reflecting: child.value).displayStyle == .tuple
      let payloads =
        isTuple ? Mirror(reflecting: child.value).children.map(\.value) : [child.value]
      for payload in payloads {
        if let found = match(payload, isTuple ? nil : child.label)
          ?? firstPayload(of: payload, depth: depth + 1, match)
        {
          return found
        }
      }
    }
    return nil
  }

  /// Whether `action` is a case without a payload, or one whose only payload is such a case.
  static func carriesNothing(_ action: Any) -> Bool {
    let mirror = Mirror(reflecting: action)
    guard mirror.displayStyle == .enum else { return false }
    guard let child = mirror.children.first else { return true }
    return mirror.children.count == 1 && Self.carriesNothing(child.value)
  }

  /// `text` without spaces, `any`, and the names of `modules`, the standard library's and
  /// Foundation's before a type; `Void` as `()`.
  static func normalized(_ text: String, modules: Set<String>) -> String {
    let dropped = modules.union(["Swift", "Foundation", "_Concurrency"])
    var result = ""
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      guard character.isLetter || character == "_" else {
        if !character.isWhitespace { result.append(character) }
        index = text.index(after: index)
        continue
      }
      var end = index
      while end < text.endIndex, text[end].isLetter || text[end].isNumber || text[end] == "_" {
        end = text.index(after: end)
      }
      let word = String(text[index..<end])
      let startsPath = result.last != "."
      if word == "any", end < text.endIndex, text[end].isWhitespace {
        // `any Error` is `Error`.
      } else if startsPath, dropped.contains(word), end < text.endIndex, text[end] == "." {
        end = text.index(after: end)
      } else {
        result += word == "Void" && startsPath ? "()" : word
      }
      index = end
    }
    return result
  }
}

extension String {
  /// Whether this normalized type name is `written` (see ``StreamFeed/normalized(_:modules:)``),
  /// or ends in it after a `.` (a type the test names without a module the recording named).
  fileprivate func hasTypeName(_ written: String) -> Bool {
    self == written || !written.contains("<") && self.hasSuffix("." + written)
  }
}
