/// Something the view could not read, shown on the status line in one line.
public struct BrowserFailure: Error, Hashable, Sendable, CustomStringConvertible {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }

  /// Wraps any error as a one-line failure.
  init(_ error: any Error) {
    self.description = (error as? BrowserFailure)?.description ?? "\(error)"
  }
}
