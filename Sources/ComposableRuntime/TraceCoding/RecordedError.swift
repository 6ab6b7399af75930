import Foundation

/// An error as a trace keeps it: the name of its type and its `localizedDescription`.
///
/// A `Result<Value, any Error>` in a feature's action is coded with its failure as these two
/// facts, since `any Error` cannot be decoded; a replay hands the reducer a `RecordedError`,
/// which describes itself exactly as the recorded error did, so state made from
/// `error.localizedDescription` comes out the same.
///
/// ```swift
/// let error = RecordedError(typeName: "URLError", description: "The network is down.")
/// error.localizedDescription  // "The network is down."
/// ```
public struct RecordedError: Error, LocalizedError, Hashable, Sendable, Codable,
  CustomStringConvertible
{
  /// The recorded error's type, as Swift prints it.
  public let typeName: String
  /// The recorded error's `localizedDescription`.
  public let description: String

  /// An error that names `typeName` and describes itself as `description`.
  public init(typeName: String, description: String) {
    self.typeName = typeName
    self.description = description
  }

  /// The facts a trace keeps of `error`; a `RecordedError` is kept as it is.
  public init(_ error: any Error) {
    if let recorded = error as? RecordedError {
      self = recorded
    } else {
      self.init(
        typeName: String(reflecting: type(of: error)), description: error.localizedDescription)
    }
  }

  public var errorDescription: String? { self.description }

  private enum CodingKeys: String, CodingKey {
    case typeName = "type"
    case description
  }
}
