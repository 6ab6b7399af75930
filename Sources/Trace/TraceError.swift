import GRDB

/// What can go wrong opening, reading or writing a trace, each with a one-line message that says
/// what was expected and what was found.
///
/// The facts are values (the path, SQLite's result code, the schema versions); the sentence is
/// derived from them:
///
/// ```swift
/// let error = TraceError.damaged(path: "t.sqlite", resultCode: .SQLITE_CORRUPT)
/// print(error)  // t.sqlite: expected a readable tca-replay trace, found an SQLite database
///               // whose pages are damaged or cut short (SQLITE_CORRUPT)
/// ```
public enum TraceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// There is no file at the path.
  case fileNotFound(path: String)
  /// The file is not an SQLite database: it does not start as one does.
  case notSQLite(path: String)
  /// An SQLite database that SQLite could not read: damaged or cut short, with SQLite's result
  /// code (`SQLITE_CORRUPT` for pages, `SQLITE_NOTADB` for the header, `SQLITE_IOERR` for a read
  /// that failed).
  case damaged(path: String, resultCode: ResultCode)
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
    case let .damaged(path, resultCode):
      "\(path): expected a readable tca-replay trace, found an SQLite database "
        + "\(Self.damage(resultCode)) (\(resultCode.name))"
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

  /// What a result code says is wrong with a database's bytes.
  private static func damage(_ code: ResultCode) -> String {
    switch code {
    case .SQLITE_CORRUPT: "whose pages are damaged or cut short"
    case .SQLITE_NOTADB: "whose header is damaged or cut short"
    case .SQLITE_IOERR: "whose pages could not be read"
    default: "that SQLite could not read"
    }
  }
}
