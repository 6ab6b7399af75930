import ComposableRuntime
import SwiftSyntax

extension SwiftValuePrinter {
  /// An `AlertState` or a `ConfirmationDialogState` as the builder a person writes, or `nil` when
  /// `value` is neither or one of its buttons cannot be written:
  ///
  /// ```swift
  /// AlertState {
  ///   TextState("Coupon not accepted")
  /// } actions: {
  ///   ButtonState(role: .cancel) {
  ///     TextState("OK")
  ///   }
  /// } message: {
  ///   TextState(#""SAVE10" has expired."#)
  /// }
  /// ```
  ///
  /// Both compare by title, message, buttons (and a dialog's title visibility), never by id, so
  /// the builder is equal to the recorded value. A button sent with an animation is not written.
  func presentation(_ value: Any) -> ExprSyntax? {
    guard let presentation = value as? any PresentationReading else { return nil }
    var buttons: [ExprSyntax] = []
    for button in presentation.buttonReadings {
      guard let written = self.button(button) else { return nil }
      buttons.append(written)
    }
    var arguments: [(label: String?, value: ExprSyntax)] = []
    if let visibility = presentation.titleVisibilityReading, visibility != .automatic {
      arguments.append(("titleVisibility", SwiftExpression.member(nil, "\(visibility)")))
    }
    var closures: [(label: String, statements: [ExprSyntax])] = []
    if !buttons.isEmpty { closures.append(("actions", buttons)) }
    if let message = presentation.messageReading {
      closures.append(("message", [Self.text(message)]))
    }
    return SwiftExpression.call(
      SwiftExpression.name(presentation.builderName), arguments,
      trailingClosure: Self.block([Self.text(presentation.titleReading)]),
      additionalTrailingClosures: closures.map { ($0.label, Self.block($0.statements)) })
  }

  /// `ButtonState(role: .cancel, action: .confirm) { TextState("OK") }`.
  private func button(_ button: any ButtonReading) -> ExprSyntax? {
    guard !button.hasAnimation else { return nil }
    var arguments: [(label: String?, value: ExprSyntax)] = []
    if let role = button.roleReading {
      arguments.append(("role", SwiftExpression.member(nil, "\(role)")))
    }
    if let action = button.actionReading {
      guard let written = self.expression(for: action) else { return nil }
      arguments.append(("action", written))
    }
    return SwiftExpression.call(
      SwiftExpression.name("ButtonState"), arguments,
      trailingClosure: Self.block([Self.text(button.labelReading)]))
  }

  /// `TextState("…")`.
  private static func text(_ text: TextState) -> ExprSyntax {
    SwiftExpression.call(
      SwiftExpression.name("TextState"), [(nil, SwiftExpression.string(String(state: text)))])
  }

  private static func block(_ statements: [ExprSyntax]) -> ClosureExprSyntax {
    ClosureExprSyntax(
      statements: CodeBlockItemListSyntax(
        statements.map { CodeBlockItemSyntax(item: .expr($0)) }))
  }
}

/// An `AlertState` or a `ConfirmationDialogState`, read without knowing its action type.
protocol PresentationReading {
  /// `AlertState` or `ConfirmationDialogState`.
  var builderName: String { get }
  var titleReading: TextState { get }
  /// A dialog's title visibility; `nil` for an alert.
  var titleVisibilityReading: ConfirmationDialogStateTitleVisibility? { get }
  var messageReading: TextState? { get }
  var buttonReadings: [any ButtonReading] { get }
}

extension AlertState: PresentationReading {
  var builderName: String { "AlertState" }
  var titleReading: TextState { self.title }
  var titleVisibilityReading: ConfirmationDialogStateTitleVisibility? { nil }
  var messageReading: TextState? { self.message }
  var buttonReadings: [any ButtonReading] { self.buttons }
}

extension ConfirmationDialogState: PresentationReading {
  var builderName: String { "ConfirmationDialogState" }
  var titleReading: TextState { self.title }
  var titleVisibilityReading: ConfirmationDialogStateTitleVisibility? { self.titleVisibility }
  var messageReading: TextState? { self.message }
  var buttonReadings: [any ButtonReading] { self.buttons }
}

/// A `ButtonState`, read without knowing its action type.
protocol ButtonReading {
  var roleReading: ButtonStateRole? { get }
  /// The action the button sends, or `nil` for one that only dismisses.
  var actionReading: Any? { get }
  var hasAnimation: Bool { get }
  var labelReading: TextState { get }
}

extension ButtonState: ButtonReading {
  var roleReading: ButtonStateRole? { self.role }
  var actionReading: Any? { self.action.action.map { $0 as Any } }
  var hasAnimation: Bool { self.action.animation != nil }
  var labelReading: TextState { self.label }
}
