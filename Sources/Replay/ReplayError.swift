/// Why a trace cannot be replayed, in one line: a person reads it, a command prints it.
public struct ReplayError: Error, CustomStringConvertible, Sendable {
  /// The one line.
  public let description: String

  init(_ description: String) {
    self.description = ReplayError.oneLine(description)
  }

  /// `value` described on one line.
  static func oneLine(_ value: Any) -> String {
    let text = value as? String ?? String(describing: value)
    return text.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
