/// One thing the recorded app asked its clock (`\.continuousClock`), in the order asked (schema 4
/// on). A test made from the recording advances a `TestClock` by what the effects waited.
///
/// ```swift
/// ClockRequestRecord(request: .sleep, reader: .effect(4), nanoseconds: 1_000_000_000)
/// ```
public struct ClockRequestRecord: Hashable, Sendable {
  /// What was asked, by its stored spelling.
  public enum Request: String, Hashable, Sendable, CaseIterable {
    /// A sleep: `nanoseconds` is the duration asked for (a deadline's distance from `now`).
    case sleep
    /// A read of `now`: `nanoseconds` is its distance from the recording's start.
    case now
  }

  public var request: Request
  /// The action whose reducer asked, the effect whose work did, or neither.
  public var reader: DependencyValueRecord.Reader
  public var nanoseconds: Int64

  public init(request: Request, reader: DependencyValueRecord.Reader, nanoseconds: Int64) {
    self.request = request
    self.reader = reader
    self.nanoseconds = nanoseconds
  }
}
