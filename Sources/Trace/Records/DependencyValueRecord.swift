/// One non-deterministic value the recorded app read, in the order it was read.
///
/// Values are stored as text: a UUID's string, a date's `timeIntervalSinceReferenceDate` (the
/// shortest decimal that reads back to the same `Double`), a random `UInt64` in decimal, and the
/// JSON encoding of a calendar, time zone or locale.
public struct DependencyValueRecord: Hashable, Sendable {
  /// Which dependency was read, by its stored spelling.
  public enum Dependency: String, Hashable, Sendable, CaseIterable {
    case uuid
    case date
    /// One `next()` of the random number generator.
    case random
    case calendar
    case timeZone = "time_zone"
    case locale
  }

  /// Who read a value.
  public enum Reader: Hashable, Sendable {
    /// The reducer, while reducing this action.
    case action(Int64)
    /// An effect's work.
    case effect(Int64)
    /// Neither (the store's set-up, or a task the store did not start).
    case unknown
  }

  public var dependency: Dependency
  public var reader: Reader
  public var value: String

  public init(dependency: Dependency, reader: Reader, value: String) {
    self.dependency = dependency
    self.reader = reader
    self.value = value
  }
}
