/// Why a command cannot do what it was asked, as one line that says what was expected and what
/// was found. The tool prints it on standard error and exits with status 2.
public struct CommandError: Error, CustomStringConvertible, Equatable, Sendable {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }

}

/// Ends a command with an exit status other than 0 without printing anything more (for example
/// a comparison that found a difference: status 1).
public struct ExitStatus: Error, Equatable, Sendable {
  public var code: Int32

  public init(_ code: Int32) {
    self.code = code
  }
}
