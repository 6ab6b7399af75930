import Foundation

/// An alert as data: its title, message and buttons, so a reducer can present it and a test can
/// compare it.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   @Presents var alert: AlertState<Action.Alert>?
/// }
/// enum Action {
///   case alert(PresentationAction<Alert>)
///   case deleteButtonTapped
///   @CasePathable
///   enum Alert { case confirmDeletion }
/// }
/// …
/// case .deleteButtonTapped:
///   state.alert = AlertState {
///     TextState("Delete?")
///   } actions: {
///     ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
///   }
///   return .none
/// …
/// .ifLet(\.$alert, action: \.alert)
/// ```
///
/// An alert is ephemeral: once one of its buttons sends an action (or it is dismissed), the
/// presentation reducer clears it, with no reducer of its own. Each alert has a fresh id; two
/// alerts are equal when their title, message and buttons are.
public struct AlertState<Action>: Identifiable {
  /// A fresh id, made when the alert is.
  public let id: UUID
  /// The buttons, in order; an alert with none shows a single OK button that only dismisses.
  public var buttons: [ButtonState<Action>]
  /// The text under the title, if any.
  public var message: TextState?
  /// The title.
  public var title: TextState

  /// An alert with a title, buttons and an optional message.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.id = UUID()
    self.title = title()
    self.buttons = actions()
    self.message = message?()
  }

  /// The same alert sending another type of action from its buttons.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> AlertState<NewAction> {
    var alert = AlertState<NewAction>(
      title: { self.title }, message: self.message.map { message in { message } })
    alert.buttons = self.buttons.map { $0.map(transform) }
    return alert
  }
}

extension AlertState: _EphemeralState {}

extension AlertState: Equatable where Action: Equatable {
  /// Whether the alerts have the same title, message and buttons; their ids do not count.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.title == rhs.title && lhs.message == rhs.message && lhs.buttons == rhs.buttons
  }
}

extension AlertState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.title)
    hasher.combine(self.message)
    hasher.combine(self.buttons)
  }
}

extension AlertState: Sendable where Action: Sendable {}

extension AlertState: CustomReflectable {
  /// Reflects as its title, actions and message, without the id, so that dumps, diffs and
  /// recorded traces are the same from run to run.
  public var customMirror: Mirror {
    var children: [(label: String?, value: Any)] = [("title", self.title)]
    if !self.buttons.isEmpty { children.append(("actions", self.buttons)) }
    if let message = self.message { children.append(("message", message)) }
    return Mirror(self, children: children, displayStyle: .struct)
  }
}

/// Coded as what the alert was made from: `{"title": "Delete?", "message": …, "buttons": […]}`.
extension AlertState: Codable where Action: Codable {
  private enum CodingKeys: String, CodingKey {
    case title, message, buttons
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let title = try container.decode(TextState.self, forKey: .title)
    self.init(title: { title })
    self.message = try container.decodeIfPresent(TextState.self, forKey: .message)
    self.buttons = try container.decode([ButtonState<Action>].self, forKey: .buttons)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.title, forKey: .title)
    try container.encodeIfPresent(self.message, forKey: .message)
    try container.encode(self.buttons, forKey: .buttons)
  }
}
