import Foundation

/// A button of an alert or a confirmation dialog, as data: its label, its role and the action it
/// sends when tapped.
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDeletion) {
///   TextState("Delete")
/// }
/// ButtonState(role: .cancel) {
///   TextState("Cancel")
/// }
/// ```
///
/// Each button has a fresh id, so that views can tell buttons apart; two buttons are equal when
/// their role, action and label are, whatever their ids.
public struct ButtonState<Action>: Identifiable {
  /// A fresh id, made when the button is.
  public let id: UUID
  /// What tapping the button sends; a button without one only dismisses.
  public let action: ButtonStateAction<Action>
  /// The button's text.
  public let label: TextState
  /// How the button is shown: cancelling, destructive, or plain (`nil`).
  public let role: ButtonStateRole?

  /// A button that sends `action` when tapped.
  public init(
    role: ButtonStateRole? = nil,
    action: ButtonStateAction<Action>,
    label: () -> TextState
  ) {
    self.id = UUID()
    self.action = action
    self.label = label()
    self.role = role
  }

  /// A button that sends `action` when tapped.
  public init(role: ButtonStateRole? = nil, action: Action, label: () -> TextState) {
    self.init(role: role, action: .send(action), label: label)
  }

  /// A button that sends nothing: tapping it only dismisses the alert or dialog.
  public init(role: ButtonStateRole? = nil, label: () -> TextState) {
    self.init(role: role, action: .send(nil), label: label)
  }

  /// Calls `perform` with the action the button sends, or `nil` when it sends none.
  ///
  /// ```swift
  /// button.withAction { action in action.map { store.send(.alert(.presented($0))) } }
  /// ```
  public func withAction(_ perform: (Action?) -> Void) {
    perform(self.action.action)
  }

  /// The same button sending another type of action.
  public func map<NewAction>(_ transform: (Action?) -> NewAction?) -> ButtonState<NewAction> {
    ButtonState<NewAction>(
      role: self.role, action: .send(transform(self.action.action))
    ) { self.label }
  }
}

/// The role of a ``ButtonState``, which decides how a view shows it.
public enum ButtonStateRole: Hashable, Sendable {
  /// A button that cancels, shown apart from the others.
  case cancel
  /// A button that deletes or discards something, shown as dangerous.
  case destructive
}

/// What tapping a ``ButtonState`` sends: an action (or none), and the animation to send it with.
///
/// ```swift
/// ButtonState(action: .send(.undo, animation: .default)) { TextState("Undo") }
/// ```
public struct ButtonStateAction<Action> {
  /// The action sent, `nil` for a button that only dismisses.
  public let action: Action?
  /// The animation the action is sent with, where there is a view to animate.
  public let animation: Animation?

  /// Sends `action` when tapped.
  public static func send(_ action: Action?) -> Self {
    Self(action: action, animation: nil)
  }

  /// Sends `action` with `animation` when tapped.
  public static func send(_ action: Action?, animation: Animation?) -> Self {
    Self(action: action, animation: animation)
  }
}

extension ButtonStateAction: Equatable where Action: Equatable {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.action == rhs.action && lhs.animation == rhs.animation
  }
}

extension ButtonStateAction: Hashable where Action: Hashable {
  // NB: Hashes the action alone: SwiftUI's `Animation` is not `Hashable` on every OS version.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.action)
  }
}
extension ButtonStateAction: Sendable where Action: Sendable {}

extension ButtonStateAction: CustomReflectable {
  /// Reflects as `.send(.confirm)`, or `.send(nil)`, in dumps, diffs and recorded traces.
  public var customMirror: Mirror {
    // NB: The action unwrapped, or custom-dump spreads the optional's payload over three lines.
    let value: Any = self.action.map { $0 as Any } ?? (nil as Action?) as Any
    return Mirror(self, children: ["send": value], displayStyle: .enum)
  }
}

extension ButtonState: Equatable where Action: Equatable {
  /// Whether the buttons have the same role, action and label; their ids do not count.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.role == rhs.role && lhs.action == rhs.action && lhs.label == rhs.label
  }
}

extension ButtonState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(self.role)
    hasher.combine(self.action)
    hasher.combine(self.label)
  }
}

extension ButtonState: Sendable where Action: Sendable {}

extension ButtonState: CustomReflectable {
  /// Reflects as its role, action and label, without the id, so that dumps, diffs and recorded
  /// traces are the same from run to run.
  public var customMirror: Mirror {
    var children: [(label: String?, value: Any)] = []
    if let role = self.role { children.append(("role", role)) }
    children.append(("action", self.action))
    children.append(("label", self.label))
    return Mirror(self, children: children, displayStyle: .struct)
  }
}

/// Builds the buttons of an alert or dialog from a list of ``ButtonState`` expressions, with `if`,
/// `if`/`else` and `for` among them.
///
/// ```swift
/// AlertState {
///   TextState("Discard changes?")
/// } actions: {
///   ButtonState(role: .destructive, action: .discard) { TextState("Discard") }
///   if canSave {
///     ButtonState(action: .save) { TextState("Save") }
///   }
/// }
/// ```
@resultBuilder
public enum ButtonStateBuilder<Action> {
  /// The buttons of every statement, in order.
  public static func buildBlock(_ components: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }

  /// One button.
  public static func buildExpression(_ expression: ButtonState<Action>) -> [ButtonState<Action>] {
    [expression]
  }

  /// The buttons of an `if` that ran, none otherwise.
  public static func buildOptional(_ component: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    component ?? []
  }

  /// The buttons of the `if` branch.
  public static func buildEither(first component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }

  /// The buttons of the `else` branch.
  public static func buildEither(second component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }

  /// The buttons of every pass of a `for` loop.
  public static func buildArray(_ components: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }

  /// The buttons of an `if #available` branch.
  public static func buildLimitedAvailability(
    _ component: [ButtonState<Action>]
  ) -> [ButtonState<Action>] {
    component
  }
}

/// Coded as its case's name, `"cancel"` or `"destructive"`.
extension ButtonStateRole: Codable {}

/// Coded as what the button was made from: `{"role": "cancel", "action": …, "label": "OK"}`.
/// The id is made anew when decoding, as two buttons with the same parts are equal anyway.
extension ButtonState: Codable where Action: Codable {
  private enum CodingKeys: String, CodingKey {
    case role, action, label
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let label = try container.decode(TextState.self, forKey: .label)
    self.init(
      role: try container.decodeIfPresent(ButtonStateRole.self, forKey: .role),
      action: try container.decode(ButtonStateAction<Action>.self, forKey: .action),
      label: { label })
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(self.role, forKey: .role)
    try container.encode(self.action, forKey: .action)
    try container.encode(self.label, forKey: .label)
  }
}

/// Coded as the action it sends, `{"send": …}` (`{}` for none), and the animation it is sent
/// with by its description, `"animation": "default"`: a button's animation is part of the state
/// a test asserts (an alert's `.send(.reset, animation: .default)`).
///
/// NB: Where SwiftUI exists its `Animation` cannot be made from a description, and the animation
/// decodes as none.
extension ButtonStateAction: Codable where Action: Codable {
  private enum CodingKeys: String, CodingKey {
    case send
    case animation
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let action = try container.decodeIfPresent(Action.self, forKey: .send)
    #if canImport(SwiftUI)
      self = .send(action)
    #else
      let animation = try container.decodeIfPresent(String.self, forKey: .animation)
      self = .send(action, animation: animation.map(Animation.init(traceDescription:)))
    #endif
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(self.action, forKey: .send)
    try container.encodeIfPresent(self.animation.map { "\($0)" }, forKey: .animation)
  }
}
