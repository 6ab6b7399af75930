import GRDB

extension ResultCode {
  /// The C name of the primary result code, as SQLite's documentation spells it
  /// (`SQLITE_CORRUPT`), for messages that name the code a reader can look up.
  ///
  /// ```swift
  /// ResultCode.SQLITE_CORRUPT_INDEX.name  // "SQLITE_CORRUPT"
  /// ```
  public var name: String {
    let code = self.primaryResultCode.rawValue
    let names = [
      "OK", "ERROR", "INTERNAL", "PERM", "ABORT", "BUSY", "LOCKED", "NOMEM", "READONLY",
      "INTERRUPT", "IOERR", "CORRUPT", "NOTFOUND", "FULL", "CANTOPEN", "PROTOCOL", "EMPTY",
      "SCHEMA", "TOOBIG", "CONSTRAINT", "MISMATCH", "MISUSE", "NOLFS", "AUTH", "FORMAT", "RANGE",
      "NOTADB", "NOTICE", "WARNING",
    ]
    // NB: The primary codes 0 to 28 are numbered in this order (sqlite3.h); 100 and 101 are the
    // two that say a statement stepped, never an error.
    switch code {
    case 0..<CInt(names.count): return "SQLITE_" + names[Int(code)]
    case 100: return "SQLITE_ROW"
    case 101: return "SQLITE_DONE"
    default: return "SQLite result code \(code)"
    }
  }
}
