import GRDB
import GRDBSQLite

/// Runs a prepared statement once per row, binding through SQLite's C API.
///
/// NB: The write path's per-row cost was mostly building GRDB's statement arguments (boxed
/// values, then bindings); the recorder writes several rows per action, so the statements it runs
/// per action (the action, its changed paths, its scope timings) bind directly. Errors still come
/// out as GRDB's `DatabaseError`.
struct RawInsert {
  private let statement: Statement
  private let database: Database

  init(_ statement: Statement, in database: Database) {
    self.statement = statement
    self.database = database
  }

  /// Binds the row with `bind` (1-based parameter indices) and steps the statement.
  func run(_ bind: (Binder) -> Void) throws {
    let handle = self.statement.sqliteStatement
    sqlite3_reset(handle)
    bind(Binder(handle: handle))
    let code = sqlite3_step(handle)
    guard code == SQLITE_DONE else {
      let message = self.database.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) }
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code), message: message, sql: self.statement.sql)
    }
  }

  /// Binds one row's values.
  struct Binder {
    let handle: OpaquePointer

    func int(_ index: Int32, _ value: Int64?) {
      if let value {
        sqlite3_bind_int64(handle, index, value)
      } else {
        sqlite3_bind_null(handle, index)
      }
    }

    func text(_ index: Int32, _ value: String?) {
      guard let value else {
        sqlite3_bind_null(handle, index)
        return
      }
      // NB: SQLITE_TRANSIENT: SQLite copies the bytes before `withCString` returns.
      _ = value.withCString { sqlite3_bind_text(handle, index, $0, -1, Self.transient) }
    }

    func blob(_ index: Int32, _ value: [UInt8]?) {
      guard let value else {
        sqlite3_bind_null(handle, index)
        return
      }
      _ = value.withUnsafeBytes {
        sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), Self.transient)
      }
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
  }
}
