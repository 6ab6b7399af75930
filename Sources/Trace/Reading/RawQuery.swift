import GRDB
import GRDBSQLite

/// Steps a prepared query through SQLite's C API, reading the columns of each row by index.
///
/// NB: For queries that read a row per action of a long trace: GRDB's `Row` finds a column by
/// name and copies its value out, which cost more than the query itself. Text comes out as the
/// bytes SQLite holds, valid until the next step. Errors still come out as GRDB's
/// `DatabaseError`.
struct RawQuery {
  private let statement: Statement
  /// The statement's SQLite handle, which `statement` keeps alive.
  private let handle: OpaquePointer
  private let database: Database

  init(_ statement: Statement, in database: Database) {
    self.statement = statement
    self.handle = statement.sqliteStatement
    self.database = database
  }

  /// Starts the query over with `arguments`.
  func start(_ arguments: StatementArguments) throws {
    try self.statement.setArguments(arguments)
  }

  /// Starts the query over with `value` as its only argument.
  ///
  /// NB: Bound directly: GRDB's arguments are boxed values checked against the statement, which
  /// costs more than the seek that follows when a query restarts for each of many rows.
  func start(_ value: Int64) {
    sqlite3_reset(self.handle)
    sqlite3_bind_int64(self.handle, 1, value)
  }

  /// Moves to the next row, returning `false` when there is none.
  func step() throws -> Bool {
    let code = sqlite3_step(self.handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let message = self.database.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) }
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code), message: message, sql: self.statement.sql)
    }
  }

  /// The integer in `column` (0-based) of the current row; 0 for NULL.
  func int64(at column: Int32) -> Int64 {
    sqlite3_column_int64(self.handle, column)
  }

  /// The UTF-8 bytes of the text in `column` (0-based) of the current row, or `nil` for NULL;
  /// valid until the query steps again.
  func text(at column: Int32) -> UnsafeBufferPointer<UInt8>? {
    // NB: `sqlite3_column_text` first, then `sqlite3_column_bytes`, as SQLite's documentation
    // asks: the text conversion may change the byte count.
    guard let text = sqlite3_column_text(self.handle, column) else { return nil }
    return UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(self.handle, column)))
  }
}
