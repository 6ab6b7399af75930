/// Why a report could not be written, in one line.
public enum ReportError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The output file could not be created or written.
  case cannotWrite(path: String)
  /// The trace's header holds a start time that is not ISO 8601.
  case unreadableStartTime(String)

  /// The error in one line.
  public var description: String {
    switch self {
    case let .cannotWrite(path): "\(path): expected a file that can be written, found none"
    case let .unreadableStartTime(text):
      "expected an ISO 8601 start time in the trace's header, found \"\(text)\""
    }
  }
}
