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

  /// A decoding error as a person reads it: where in the JSON, and what was wrong there.
  static func decoding(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return self.oneLine(error) }
    let context: DecodingError.Context
    switch error {
    case let .typeMismatch(_, found), let .valueNotFound(_, found), let .keyNotFound(_, found),
      let .dataCorrupted(found):
      context = found
    @unknown default:
      return self.oneLine(error)
    }
    let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
      .joined()
    return self.oneLine(
      (path.isEmpty ? "" : "at \(path.hasPrefix(".") ? String(path.dropFirst()) : path): ")
        + context.debugDescription)
  }
}
