import SwiftSyntax

/// One case of a `@Reducer` enum, and the line it contributes to each generated member.
///
/// The kind of a case follows TCA: a single payload naming a type is a child reducer; a single
/// `AlertState`/`ConfirmationDialogState` payload (or a case marked `@ReducerCaseEphemeral`) is
/// ephemeral state; anything else (no payload, several values, a case marked
/// `@ReducerCaseIgnored`) is ignored, kept as is in `State` with a `Swift.Never` action.
struct ReducerCase {
  /// How `@Reducer` treats a case.
  enum Kind {
    /// A child reducer `type`, built by `initializer` (the payload's default value, or `type()`).
    case reducer(type: TypeSyntax, initializer: String)
    /// Ephemeral state, such as an alert, whose actions have type `action`.
    case ephemeral(action: String)
    /// A case with no reducer behind it.
    case ignored
  }

  let element: EnumCaseElementSyntax
  let kind: Kind

  private static let ephemeralTypeNames: Set = ["AlertState", "ConfirmationDialogState"]

  init(element: EnumCaseElementSyntax, attributes: AttributeListSyntax) {
    self.element = element
    guard
      !attributes.contains(attributeNamed: "ReducerCaseIgnored"),
      let parameters = element.parameterClause?.parameters,
      parameters.count == 1,
      let parameter = parameters.first
    else {
      self.kind = .ignored
      return
    }
    let type = parameter.type
    if attributes.contains(attributeNamed: "ReducerCaseEphemeral") || Self.isEphemeral(type) {
      self.kind = .ephemeral(action: Self.ephemeralAction(of: type))
    } else if type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self) {
      let initializer = parameter.defaultValue?.value.trimmedDescription ?? "\(type.trimmed)()"
      self.kind = .reducer(type: type.trimmed, initializer: initializer)
    } else {
      self.kind = .ignored
    }
  }

  /// The marker `@Reducer` attaches to a case it does not scope to a reducer, as TCA does:
  /// `@ReducerCaseEphemeral` on an alert or dialog case, `@ReducerCaseIgnored` on a case without
  /// exactly one payload value. `nil` when the case needs none or already has a marker.
  static func markerAttribute(for caseDecl: EnumCaseDeclSyntax) -> AttributeSyntax? {
    let markers = ["ReducerCaseEphemeral", "ReducerCaseIgnored"]
    guard !markers.contains(where: caseDecl.attributes.contains(attributeNamed:)) else {
      return nil
    }
    let payloads = caseDecl.elements.map { $0.parameterClause?.parameters }
    let name: String
    if payloads.allSatisfy({ $0?.count != 1 }) {
      name = "ReducerCaseIgnored"
    } else if payloads.allSatisfy({ $0?.count == 1 && isEphemeral($0!.first!.type) }) {
      name = "ReducerCaseEphemeral"
    } else {
      return nil
    }
    return AttributeSyntax(attributeName: IdentifierTypeSyntax(name: .identifier(name)))
  }

  var name: String { element.name.text }

  /// The case of the generated `State` enum.
  var stateCase: String {
    guard case .reducer(let type, _) = kind else { return "case \(element.trimmedDescription)" }
    return "case \(replacingPayload(with: member("State", of: type)))"
  }

  /// The case of the generated `Action` enum.
  var actionCase: String {
    switch kind {
    case .reducer(let type, _):
      return "case \(replacingPayload(with: member("Action", of: type)))"
    case .ephemeral(let action):
      return "case \(name)(\(action))"
    case .ignored:
      return "case \(name)(Swift.Never)"
    }
  }

  /// The `ifCaseLet` that runs the child reducer in `body`, for reducer cases only.
  var ifCaseLet: String? {
    guard case .reducer(_, let initializer) = kind else { return nil }
    return """
      .ifCaseLet(\\Self.State.Cases.\(name), action: \\Self.Action.Cases.\(name)) {
      \(initializer)
      }
      """
  }

  /// The case of the generated `CaseScope` enum.
  var caseScopeCase: String {
    guard case .reducer(let type, _) = kind else { return "case \(element.trimmedDescription)" }
    return "case \(name)(ComposableRuntime.StoreOf<\(type)>)"
  }

  /// The `switch` case of the generated `scope(_:)` function.
  var scopeSwitchCase: String {
    if case .reducer = kind {
      return """
        case .\(name):
        return .\(name)(store.scope(state: \\.\(name), action: \\.\(name))!)
        """
    }
    guard let parameters = element.parameterClause?.parameters else {
      return "case .\(name):\nreturn .\(name)"
    }
    let values = (0..<parameters.count).map { "v\($0)" }
    let arguments = zip(parameters, values).map { parameter, value in
      parameter.firstName.map { "\($0.text): \(value)" } ?? value
    }
    return """
      case let .\(name)(\(values.joined(separator: ", "))):
      return .\(name)(\(arguments.joined(separator: ", ")))
      """
  }

  private static func isEphemeral(_ type: TypeSyntax) -> Bool {
    type.unqualifiedName.map(ephemeralTypeNames.contains) ?? false
  }

  /// `A` for `AlertState<A>` or `ConfirmationDialogState<A>`, as TCA writes it; `T.Action` for
  /// any other type marked `@ReducerCaseEphemeral`.
  private static func ephemeralAction(of type: TypeSyntax) -> String {
    if isEphemeral(type), let arguments = type.genericArguments, arguments.count == 1 {
      return arguments.trimmedDescription
    }
    return "\(type.trimmed).Action"
  }

  private func member(_ name: String, of type: TypeSyntax) -> TypeSyntax {
    TypeSyntax(MemberTypeSyntax(baseType: type.trimmed, name: .identifier(name)))
  }

  /// The case element with its single payload type replaced and its default value dropped.
  private func replacingPayload(with type: TypeSyntax) -> String {
    guard var clause = element.parameterClause, var parameter = clause.parameters.first else {
      return element.trimmedDescription
    }
    parameter.type = type
    parameter.defaultValue = nil
    clause.parameters = EnumCaseParameterListSyntax([parameter])
    return element.with(\.parameterClause, clause).trimmedDescription
  }
}
