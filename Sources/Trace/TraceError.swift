/// What can go wrong opening, reading or writing a trace, each with a one-line message that says
/// what was expected and what was found.
public enum TraceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// There is no file at the path.
  case fileNotFound(path: String)
  /// The file is not an SQLite database (truncated, corrupt or foreign).
  case notSQLite(path: String)
  /// An SQLite database, but not a tca-replay trace.
  case notATrace(path: String, found: String)
  /// A trace written by a newer recorder than this reader understands.
  case newerSchema(path: String, found: Int, supported: Int)
  /// A trace whose contents do not read as the schema version it says it is.
  case corrupt(path: String, detail: String)
  /// The recorder would not replace an existing file that is not a trace.
  case refusingToOverwrite(path: String)
  /// Writing to the trace failed.
  case writeFailed(path: String, detail: String)

  public var description: String {
    switch self {
    case let .fileNotFound(path):
      "\(path): expected a tca-replay trace, found no file"
    case let .notSQLite(path):
      "\(path): expected a tca-replay trace (an SQLite database), found a file that is not one"
    case let .notATrace(path, found):
      "\(path): expected a tca-replay trace, found an SQLite database \(found)"
    case let .newerSchema(path, found, supported):
      "\(path): written by a newer tca-replay (schema \(found), this one reads up to \(supported))"
    case let .corrupt(path, detail):
      "\(path): expected a readable tca-replay trace, found \(detail)"
    case let .refusingToOverwrite(path):
      "\(path): expected no file or an old trace to replace, found a file that is not a trace"
    case let .writeFailed(path, detail):
      "\(path): writing the trace failed: \(detail)"
    }
  }
}
