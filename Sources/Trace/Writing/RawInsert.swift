import GRDB
import GRDBSQLite

/// Inserts rows through prepared statements, binding through SQLite's C API, several rows per
/// statement.
///
/// NB: The write path's per-row cost was mostly building GRDB's statement arguments (boxed
/// values, then bindings); the recorder writes several rows per action, so the statements it runs
/// per action (the action, its changed paths, its scope timings) bind directly. Each statement
/// inserts up to ``rowsPerStatement`` rows (`VALUES (…), (…), …`): SQLite's cost of starting and
/// ending a statement (opening and closing its cursors) was a quarter of an action row's. Errors
/// still come out as GRDB's `DatabaseError`.
struct RawInsert {
  /// The statement's text up to its rows, its number of columns, and what follows the rows.
  struct Shape: Sendable {
    let columns: Int32
    /// The statement for one row.
    let oneRow: String
    /// The statement for ``RawInsert/rowsPerStatement`` rows.
    let manyRows: String

    /// - Parameters:
    ///   - head: `INSERT INTO table (columns) VALUES`.
    ///   - tail: an `ON CONFLICT` clause, or nothing.
    init(head: String, columns: Int32, tail: String = "") {
      let row = "(" + Array(repeating: "?", count: Int(columns)).joined(separator: ", ") + ")"
      func sql(rows: Int) -> String {
        head + " " + Array(repeating: row, count: rows).joined(separator: ", ") + " " + tail
      }
      self.columns = columns
      self.oneRow = sql(rows: 1)
      self.manyRows = sql(rows: RawInsert.rowsPerStatement)
    }
  }

  /// The most rows one statement inserts.
  static var rowsPerStatement: Int { 32 }

  private let columns: Int32
  private let oneRow: Statement
  private let manyRows: Statement
  private let database: Database

  init(_ shape: Shape, in database: Database) throws {
    self.columns = shape.columns
    self.oneRow = try database.cachedStatement(sql: shape.oneRow)
    self.manyRows = try database.cachedStatement(sql: shape.manyRows)
    self.database = database
  }

  /// Inserts one row per element of `rows`, in order; `bind` binds one element's values
  /// (1-based column indices).
  func run<Rows: Collection>(_ rows: Rows, bind: (Rows.Element, Binder) -> Void) throws {
    var start = rows.startIndex
    var remaining = rows.count
    while remaining > 0 {
      let count = remaining >= Self.rowsPerStatement ? Self.rowsPerStatement : 1
      let statement = count == 1 ? self.oneRow : self.manyRows
      let handle = statement.sqliteStatement
      sqlite3_reset(handle)
      for offset in 0..<count {
        bind(rows[start], Binder(handle: handle, first: Int32(offset) * self.columns))
        rows.formIndex(after: &start)
      }
      let code = sqlite3_step(handle)
      guard code == SQLITE_DONE else {
        let message = self.database.sqliteConnection.map { String(cString: sqlite3_errmsg($0)) }
        throw DatabaseError(
          resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
      }
      remaining -= count
    }
  }

  /// Binds one row's values.
  struct Binder {
    let handle: OpaquePointer
    /// The parameter index before the row's first.
    let first: Int32

    func int(_ column: Int32, _ value: Int64?) {
      if let value {
        sqlite3_bind_int64(handle, self.first + column, value)
      } else {
        sqlite3_bind_null(handle, self.first + column)
      }
    }

    func text(_ column: Int32, _ value: String?) {
      guard let value else {
        sqlite3_bind_null(handle, self.first + column)
        return
      }
      // NB: SQLITE_TRANSIENT: SQLite copies the bytes before `withCString` returns.
      _ = value.withCString {
        sqlite3_bind_text(handle, self.first + column, $0, -1, Self.transient)
      }
    }

    func blob(_ column: Int32, _ value: [UInt8]?) {
      guard let value else {
        sqlite3_bind_null(handle, self.first + column)
        return
      }
      _ = value.withUnsafeBytes {
        sqlite3_bind_blob(
          handle, self.first + column, $0.baseAddress, Int32($0.count), Self.transient)
      }
    }

    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
  }
}
