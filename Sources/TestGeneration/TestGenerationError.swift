/// Why a test cannot be generated from a trace, as one line that says what was expected and what
/// was found: the same rules as `Replay(path:)` (no such file, not replayable, another feature,
/// redacted, truncated), plus those of generation (a predicate that does not parse, a recording
/// today's reducer no longer follows).
public struct TestGenerationError: Error, CustomStringConvertible, Equatable, Sendable {
  public var description: String

  public init(_ description: String) {
    self.description = description
  }
}
