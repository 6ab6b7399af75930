/// Text as data, for the titles, messages and button labels of ``AlertState`` and
/// ``ConfirmationDialogState``, so that they can be compared in tests.
///
/// ```swift
/// AlertState {
///   TextState("Delete \"\(item.name)\"?")
/// }
/// ```
///
/// Linux has no localization tables or text styling for it to carry, so it holds the plain
/// string. Dumps and diffs show it as that string.
public struct TextState: Hashable, Sendable {
  // NB: Internal, as in swift-navigation: `String(state:)` reads it.
  let content: String

  /// Text from a string.
  public init(_ content: some StringProtocol) {
    self.content = String(content)
  }

  /// Text from a string, never localized.
  public init(verbatim content: String) {
    self.content = content
  }

  /// The two texts, one after the other.
  public static func + (lhs: Self, rhs: Self) -> Self {
    Self(verbatim: lhs.content + rhs.content)
  }
}

extension TextState: CustomDumpRepresentable {
  /// Dumps as the string, as swift-navigation's `TextState` does.
  public var customDumpValue: Any {
    self.content
  }
}

extension TextState: CustomReflectable {
  /// Reflects as a value with no parts, so that reflection (a recorded trace) reads it as its
  /// description: the string.
  public var customMirror: Mirror {
    Mirror(self, children: [:])
  }
}

extension TextState: CustomStringConvertible {
  /// The text.
  public var description: String {
    self.content
  }
}

extension String {
  /// The string a ``TextState`` holds: `String(state: alert.title)`.
  public init(state: TextState) {
    self = state.content
  }
}

/// Coded as its text, `"Saved"`, so a state holding an alert can be recorded and replayed.
extension TextState: Codable {
  public init(from decoder: any Decoder) throws {
    self.init(verbatim: try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(self.content)
  }
}
