import GRDB

/// A row of the `not_captured` table: how many things the recorder did not store, for one reason.
struct NotCapturedRow: FetchableRecord, TableRecord {
  static let databaseTableName = "not_captured"

  enum Columns: String, ColumnExpression {
    case reason
    /// Since version 2: the denied action's name, or empty.
    case action
    case count
  }

  var reason: String
  var action: String?
  var count: Int64

  init(row: Row) throws {
    self.reason = try row.decode(forColumn: Columns.reason)
    // NB: A version-1 row has no such column.
    self.action = try row.decode(forColumn: Columns.action)
    self.count = try row.decode(forColumn: Columns.count)
  }

  /// Adds `count` to the row of `reason`, creating it if needed.
  static func add(_ count: Int64, for reason: NotCapturedReason, in db: Database) throws {
    let statement = try db.cachedStatement(
      sql: """
        INSERT INTO \(databaseTableName) (\(Columns.reason.rawValue), \(Columns.action.rawValue),
          \(Columns.count.rawValue))
        VALUES (?, ?, ?)
        ON CONFLICT (\(Columns.reason.rawValue), \(Columns.action.rawValue))
        DO UPDATE SET \(Columns.count.rawValue) = \(Columns.count.rawValue) + excluded.count
        """)
    try statement.execute(arguments: [reason.spelling.rawValue, reason.action ?? "", count])
  }

  /// The typed reason, reading the columns as schema version `schema` wrote them.
  func reason(schema: Int) throws(StoredValueError) -> NotCapturedReason {
    let reason =
      schema == 1
      ? NotCapturedReason(version1Prose: self.reason)
      : NotCapturedReason.Spelling(rawValue: self.reason).flatMap {
        NotCapturedReason(spelling: $0, action: self.action)
      }
    guard let reason else {
      throw StoredValueError(description: "an unknown reason not to capture '\(self.reason)'")
    }
    return reason
  }
}
