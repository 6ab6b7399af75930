import ComposableRuntime
import Foundation
import StateReflection
import SwiftSyntax

/// Writes live values as the Swift expressions a person would type in a test: `true`, `"Tent"`,
/// `UUID(3)`, `.editor(ItemEditor.State(draft: Item(id: 1, name: "Tarp", notes: "")))`,
/// `[Todo.State(…), …]`.
///
/// Enum cases are implicit members (the test's context gives their type); structs of the tested
/// module are called through their memberwise initializers (a generated test imports the module
/// with `@testable import`); alerts and confirmation dialogs are their builders,
/// `AlertState { TextState("…") } actions: { … }`. A value that cannot be written that way (a
/// type of another module, a class, a closure) is decoded inline from its JSON when it, or the
/// nearest enclosing value, is `Codable`:
/// `try JSONDecoder().decode(Profile.State.self, from: Data(#"{…}"#.utf8))`.
/// ``decodedCount`` counts those, for the generator's summary.
final class SwiftValuePrinter {
  /// The module the test imports; its types are named without it.
  let module: String
  /// How many values were written as inline JSON decodes.
  private(set) var decodedCount = 0

  init(module: String) {
    self.module = module
  }

  /// `value` as Swift, decoding it from JSON where it has to; `nil` when neither works.
  func expression(for value: Any) -> ExprSyntax? {
    if let written = self.written(value) { return written }
    return self.decoded(value)
  }

  /// `value` as an inline JSON decode, when it is `Codable` and its type can be named.
  func decoded(_ value: Any) -> ExprSyntax? {
    guard let encodable = value as? any Encodable, value is any Decodable,
      let typeName = self.typeName(type(of: value))
    else { return nil }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(encodable) else { return nil }
    self.decodedCount += 1
    let json = String(decoding: data, as: UTF8.self)
    return SwiftExpression.tried(
      SwiftExpression.call(
        SwiftExpression.member(
          SwiftExpression.call(SwiftExpression.name("JSONDecoder"), []), "decode"),
        [
          (
            nil,
            SwiftExpression.member(
              ExprSyntax(TypeExprSyntax(type: IdentifierTypeSyntax(name: .identifier(typeName)))),
              "self")
          ),
          (
            "from",
            SwiftExpression.call(
              SwiftExpression.name("Data"),
              [(nil, SwiftExpression.member(SwiftExpression.string(json), "utf8"))])
          ),
        ]))
  }

  /// `value` written as Swift without any JSON, or `nil`.
  func written(_ value: Any) -> ExprSyntax? {
    if let scalar = self.scalar(value) { return scalar }
    if value is any PresentationReading { return self.presentation(value) }
    if value is any BindingReading { return self.binding(value) }
    if let array = value as? any IdentifiedElements {
      return self.list(array.elementValues)
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first?.value else {
        return ExprSyntax(NilLiteralExprSyntax())
      }
      return self.expression(for: wrapped)
    case .enum:
      return self.enumCase(value, mirror)
    case .collection, .set:
      return self.list(mirror.children.map(\.value))
    case .dictionary:
      var entries: [(key: ExprSyntax, value: ExprSyntax)] = []
      for child in mirror.children {
        let pair = Mirror(reflecting: child.value).children.map(\.value)
        guard pair.count == 2, let key = self.expression(for: pair[0]),
          let value = self.expression(for: pair[1])
        else { return nil }
        entries.append((key, value))
      }
      // NB: A dictionary's order changes from run to run; sorted, the test's bytes do not.
      entries.sort { $0.key.description < $1.key.description }
      return SwiftExpression.dictionary(entries)
    case .struct:
      return self.memberwise(value, mirror)
    default:
      return nil
    }
  }

  /// Whether `value` is written whole, as one literal or one call, never field by field: an
  /// alert or a dialog is its builder.
  static func isScalar(_ value: Any) -> Bool {
    switch value {
    case is String, is Bool, is any BinaryInteger, is Double, is Float, is UUID, is Date, is URL,
      is Data, is RecordedError, is StackElementID, is any PresentationReading:
      true
    default: false
    }
  }

  /// Values that are one literal or one short call.
  private func scalar(_ value: Any) -> ExprSyntax? {
    switch value {
    case let value as String: SwiftExpression.string(value)
    case let value as Bool: ExprSyntax(BooleanLiteralExprSyntax(value))
    case let value as Int: SwiftExpression.integer(value)
    case let value as Int64: SwiftExpression.integer(value)
    case let value as Int32: SwiftExpression.integer(value)
    case let value as Int16: SwiftExpression.integer(value)
    case let value as Int8: SwiftExpression.integer(value)
    case let value as UInt: SwiftExpression.integer(value)
    case let value as UInt64: SwiftExpression.integer(value)
    case let value as UInt32: SwiftExpression.integer(value)
    case let value as UInt16: SwiftExpression.integer(value)
    case let value as UInt8: SwiftExpression.integer(value)
    case let value as Double: SwiftExpression.double(value)
    case let value as Float: SwiftExpression.double(Double(value))
    case let value as UUID: Self.uuid(value)
    case let value as Date: Self.date(value)
    case let value as URL:
      ExprSyntax(
        ForceUnwrapExprSyntax(
          expression: SwiftExpression.call(
            SwiftExpression.name("URL"), [("string", SwiftExpression.string(value.absoluteString))])
        ))
    case let value as StackElementID: SwiftExpression.integer(value.generation)
    case let value as Data: Self.data(value)
    case let value as RecordedError:
      SwiftExpression.call(
        SwiftExpression.name("RecordedError"),
        [
          ("typeName", SwiftExpression.string(value.typeName)),
          ("description", SwiftExpression.string(value.description)),
        ])
    default: nil
    }
  }

  /// `Data()`, `Data([104, 105])` for a few bytes, `Data(base64Encoded: "…")!` for more.
  static func data(_ value: Data) -> ExprSyntax {
    let data = SwiftExpression.name("Data")
    if value.count <= 16 {
      let bytes = SwiftExpression.array(value.map { SwiftExpression.integer($0) })
      return SwiftExpression.call(data, value.isEmpty ? [] : [(nil, bytes)])
    }
    return ExprSyntax(
      ForceUnwrapExprSyntax(
        expression: SwiftExpression.call(
          data, [("base64Encoded", SwiftExpression.string(value.base64EncodedString()))])))
  }

  /// `UUID(3)` for the ids `.incrementing` makes, `UUID(uuidString: "…")!` for others.
  static func uuid(_ value: UUID) -> ExprSyntax {
    let text = value.uuidString
    if text.hasPrefix("00000000-0000-0000-0000-"), let number = Int(text.suffix(12), radix: 16) {
      return SwiftExpression.call(
        SwiftExpression.name("UUID"), [(nil, SwiftExpression.integer(number))])
    }
    return ExprSyntax(
      ForceUnwrapExprSyntax(
        expression: SwiftExpression.call(
          SwiftExpression.name("UUID"), [("uuidString", SwiftExpression.string(text))])))
  }

  /// `Date(timeIntervalSinceReferenceDate: 700000001.5)`, the way a date is stored in a trace.
  static func date(_ value: Date) -> ExprSyntax {
    SwiftExpression.call(
      SwiftExpression.name("Date"),
      [
        (
          "timeIntervalSinceReferenceDate",
          SwiftExpression.double(value.timeIntervalSinceReferenceDate)
        )
      ])
  }

  private func list(_ elements: [Any]) -> ExprSyntax? {
    var written: [ExprSyntax] = []
    for element in elements {
      guard let expression = self.expression(for: element) else { return nil }
      written.append(expression)
    }
    return SwiftExpression.array(written)
  }

  /// `value` as Swift where nothing around it says its type (an `any Error` thrown): an enum's
  /// case names its type, `SpeechClient.Failure.taskError` rather than `.taskError`.
  func standaloneExpression(for value: Any) -> ExprSyntax? {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .enum, let typeName = self.typeName(type(of: value)) else {
      return self.expression(for: value)
    }
    return self.enumCase(value, mirror, base: SwiftExpression.name(typeName))
  }

  /// `.name`, `.name(payload)` or `.name(label: a, label: b)`; `Type.name…` given the type.
  private func enumCase(_ value: Any, _ mirror: Mirror, base: ExprSyntax? = nil) -> ExprSyntax? {
    guard self.hasPublicCases(type(of: value)) else { return nil }
    let name = Reflection.caseName(of: value, mirror)
    guard let payload = mirror.children.first?.value else {
      return SwiftExpression.member(base, name)
    }
    let inner = Mirror(reflecting: payload)
    var arguments: [(label: String?, value: ExprSyntax)] = []
    if inner.displayStyle == .tuple {
      for field in inner.children {
        guard let expression = self.expression(for: field.value) else { return nil }
        let label = field.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
        arguments.append((label, expression))
      }
    } else {
      guard let expression = self.expression(for: payload) else { return nil }
      arguments.append((nil, expression))
    }
    return SwiftExpression.call(SwiftExpression.member(base, name), arguments)
  }

  /// `Type(field: value, …)` through the memberwise initializer, for the tested module's structs.
  private func memberwise(_ value: Any, _ mirror: Mirror) -> ExprSyntax? {
    guard let typeName = self.typeName(type(of: value)) else { return nil }
    var arguments: [(label: String?, value: ExprSyntax)] = []
    for child in mirror.children {
      guard var label = child.label else { return nil }
      var field = child.value
      if label.hasPrefix("_"), TrackedStorage.isStorage(label, of: mirror.subjectType) {
        // `@ObservableState`'s storage: `count` lives in `_count`.
        label.removeFirst()
      } else if label.hasPrefix("_") {
        // Property-wrapper storage: `@Presents var destination` takes `destination:`.
        guard let wrapper = field as? any WrappedValueReading else { return nil }
        label.removeFirst()
        field = wrapper.wrappedValueForTest
      }
      guard let expression = self.expression(for: field) else { return nil }
      arguments.append((label, expression))
    }
    return SwiftExpression.call(SwiftExpression.name(typeName), arguments)
  }

  /// Whether the cases of an enum are the ones a test can write: the tested module's enums, the
  /// standard library's and Foundation's, and the runtime's action enums. Another module's enum
  /// may keep its cases to itself (`BindingAction` does), so it is decoded instead.
  func hasPublicCases(_ type: Any.Type) -> Bool {
    let name = String(reflecting: type)
    // NB: Foundation's enums are its public API (a socket's `CloseCode`, `ComparisonResult`);
    // on Linux they live in its parts.
    return name.hasPrefix(self.module + ".") || name.hasPrefix("Swift.")
      || Self.foundationModules.contains { name.hasPrefix($0 + ".") }
      || Self.runtimeEnums.contains { name.hasPrefix("ComposableRuntime.\($0)<") }
  }

  private static let foundationModules = [
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking",
  ]

  private static let runtimeEnums = ["PresentationAction", "IdentifiedAction", "StackAction"]

  /// How the test names `type`: the tested module's types without the module, `nil` for types
  /// of other modules and generic ones, which the test cannot be sure to spell.
  func typeName(_ type: Any.Type) -> String? {
    let name = String(reflecting: type)
    let prefix = self.module + "."
    guard name.hasPrefix(prefix), !name.contains("<"), !name.contains("(") else { return nil }
    return String(name.dropFirst(prefix.count))
  }

  /// The name a test in another module writes for a feature declared in this one, generic
  /// arguments included (`Socket<String>`): each name in it without this module or `Swift`
  /// before it. `nil` for a type of another module, or one with no name to write (declared in
  /// a function).
  func featureTypeName(_ type: Any.Type) -> String? {
    let name = String(reflecting: type)
    guard name.hasPrefix(self.module + "."), !name.contains("(") else { return nil }
    var written = ""
    var rest = Substring(name)
    while !rest.isEmpty {
      for qualifier in [self.module + ".", "Swift."] where rest.hasPrefix(qualifier) {
        rest = rest.dropFirst(qualifier.count)
      }
      // NB: Up to the next name: the one after a generic argument list opens or a comma.
      let end = rest.firstIndex { "<,[:".contains($0) } ?? rest.endIndex
      let next = rest[end...].prefix { " <>,[]:?".contains($0) }
      written += rest[..<end] + next
      rest = rest[end...].dropFirst(next.count)
    }
    return written
  }
}

/// A property wrapper's wrapped value, read without knowing its type.
protocol WrappedValueReading {
  var wrappedValueForTest: Any { get }
}

extension PresentationState: WrappedValueReading {
  var wrappedValueForTest: Any { self.wrappedValue as Any }
}

/// The elements and ids of an `IdentifiedArray`, read without knowing its type.
protocol IdentifiedElements {
  var elementValues: [Any] { get }
  var idValues: [AnyHashable] { get }
  func element(id: AnyHashable) -> Any?
}

extension IdentifiedArray: IdentifiedElements {
  var elementValues: [Any] { self.elements.map { $0 as Any } }
  var idValues: [AnyHashable] { self.ids.map { AnyHashable($0) } }
  func element(id: AnyHashable) -> Any? {
    guard let id = id.base as? ID else { return nil }
    return self[id: id].map { $0 as Any }
  }
}

/// The elements and ids of a `StackState`, read without knowing its type.
protocol StackElements {
  var stackIDs: [StackElementID] { get }
  func element(stackID: StackElementID) -> Any?
}

extension StackState: StackElements {
  var stackIDs: [StackElementID] { Array(self.ids) }
  func element(stackID: StackElementID) -> Any? { self[id: stackID].map { $0 as Any } }
}
