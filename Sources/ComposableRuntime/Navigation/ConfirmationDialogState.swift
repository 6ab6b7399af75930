import Foundation

/// A confirmation dialog (an action sheet) as data: its title, whether the title shows, a message
/// and the buttons.
///
/// ```swift
/// state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
///   TextState("Reset the profile?")
/// } actions: {
///   ButtonState(role: .destructive, action: .resetAll) { TextState("Reset everything") }
///   ButtonState(action: .resetName) { TextState("Reset the name") }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// }
/// ```
///
/// Like ``AlertState`` it is ephemeral (cleared by the presentation reducer once a button sends
/// its action or the dialog is dismissed), has a fresh id, and compares by content.
public struct ConfirmationDialogState<Action>: Identifiable {
  /// A fresh id, made when the dialog is.
  public let id: UUID
  /// The buttons, in order.
  public var buttons: [ButtonState<Action>]
  /// The text under the title, if any.
  public var message: TextState?
  /// The title.
  public var title: TextState
  /// Whether the title is shown.
  public var titleVisibility: ConfirmationDialogStateTitleVisibility

  /// A dialog with a title, buttons and an optional message.
  public init(
    titleVisibility: ConfirmationDialogStateTitleVisibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.id = UUID()
    self.titleVisibility = titleVisibility
    self.title = title()
    self.buttons = actions()
    self.message = message?()
  }

  /// The same dialog sending another type of action from its buttons.
  public func map<NewAction>(
    _ transform: (Action?) -> NewAction?
  ) -> ConfirmationDialogState<NewAction> {
    var dialog = ConfirmationDialogState<NewAction>(
      titleVisibility: self.titleVisibility, title: { self.title },
      message: self.message.map { message in { message } })
    dialog.buttons = self.buttons.map { $0.map(transform) }
    return dialog
  }
}

/// Whether a ``ConfirmationDialogState`` shows its title.
public enum ConfirmationDialogStateTitleVisibility: Hashable, Sendable {
  /// As the platform decides.
  case automatic
  /// Always.
  case visible
  /// Never.
  case hidden
}

extension ConfirmationDialogState: _EphemeralState {}

extension ConfirmationDialogState: Equatable where Action: Equatable {
  /// Whether the dialogs have the same title, visibility, message and buttons; their ids do not
  /// count.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.titleVisibility == rhs.titleVisibility
      && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension ConfirmationDialogState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.title)
    hasher.combine(self.titleVisibility)
    hasher.combine(self.message)
    hasher.combine(self.buttons)
  }
}

extension ConfirmationDialogState: Sendable where Action: Sendable {}

extension ConfirmationDialogState: CustomReflectable {
  /// Reflects as its title, visibility, actions and message, without the id, so that dumps,
  /// diffs and recorded traces are the same from run to run.
  public var customMirror: Mirror {
    var children: [(label: String?, value: Any)] = [
      ("titleVisibility", self.titleVisibility), ("title", self.title),
    ]
    if !self.buttons.isEmpty { children.append(("actions", self.buttons)) }
    if let message = self.message { children.append(("message", message)) }
    return Mirror(self, children: children, displayStyle: .struct)
  }
}

/// Coded as its case's name, `"automatic"`, `"visible"` or `"hidden"`.
extension ConfirmationDialogStateTitleVisibility: Codable {}

/// Coded as what the dialog was made from: `{"titleVisibility": …, "title": …, "message": …,
/// "buttons": […]}`.
extension ConfirmationDialogState: Codable where Action: Codable {
  private enum CodingKeys: String, CodingKey {
    case titleVisibility, title, message, buttons
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let title = try container.decode(TextState.self, forKey: .title)
    self.init(
      titleVisibility: try container.decode(
        ConfirmationDialogStateTitleVisibility.self, forKey: .titleVisibility),
      title: { title })
    self.message = try container.decodeIfPresent(TextState.self, forKey: .message)
    self.buttons = try container.decode([ButtonState<Action>].self, forKey: .buttons)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.titleVisibility, forKey: .titleVisibility)
    try container.encode(self.title, forKey: .title)
    try container.encodeIfPresent(self.message, forKey: .message)
    try container.encode(self.buttons, forKey: .buttons)
  }
}
