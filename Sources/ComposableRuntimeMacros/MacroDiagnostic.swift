import SwiftDiagnostics

/// A diagnostic that one of the runtime's macros reports about the code it is attached to.
struct MacroDiagnostic: DiagnosticMessage {
  let message: String
  let diagnosticID: MessageID
  let severity: DiagnosticSeverity

  private init(_ id: String, _ severity: DiagnosticSeverity, _ message: String) {
    self.message = message
    self.diagnosticID = MessageID(domain: "ComposableRuntimeMacros", id: id)
    self.severity = severity
  }

  /// `@Reducer` or `@ObservableState` attached to a class, actor, protocol or extension.
  static func requiresStructOrEnum(macro: String) -> Self {
    Self(
      "requiresStructOrEnum", .error,
      "'@\(macro)' can only be applied to struct or enum types"
    )
  }

  /// A `reduce(into:action:)` method in a `@Reducer` type, deprecated since TCA 1.25.
  static let reduceMethodDeprecated = Self(
    "reduceMethodDeprecated", .warning,
    """
    'reduce(into:action:)' is deprecated: Reducers should be defined using the 'body' property \
    and a 'Reduce'.
    """
  )
}

/// The fix-it that replaces a deprecated `reduce(into:action:)` method by a `body`.
struct UseBodyFixIt: FixItMessage {
  let message = "Use 'body' instead"
  let fixItID = MessageID(domain: "ComposableRuntimeMacros", id: "useBody")
}
