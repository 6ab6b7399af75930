import GRDB

/// A row of the `scopes` table: time spent in one child scope while reducing one action.
///
/// NB: One of the three hot inserts: bound through SQLite's C API (see ``ActionRow``).
struct ScopeRow: FetchableRecord, TableRecord {
  static let databaseTableName = "scopes"

  enum Columns: String, ColumnExpression, CaseIterable {
    case actionSeq = "action_seq"
    case path
    case selfNanoseconds = "self_ns"
    case totalNanoseconds = "total_ns"
    case calls
  }

  var scope: ScopeRecord

  init(row: Row) throws {
    self.scope = ScopeRecord(
      actionSeq: try row.decode(forColumn: Columns.actionSeq),
      path: try row.decode(forColumn: Columns.path),
      selfNanoseconds: try row.decode(forColumn: Columns.selfNanoseconds),
      totalNanoseconds: try row.decode(forColumn: Columns.totalNanoseconds),
      calls: try row.decode(forColumn: Columns.calls))
  }

  /// Inserts one scope timing, adding to the row when the scope ran again for the same action.
  static let insertion = RawInsert.Shape(
    head: "INSERT INTO \(databaseTableName) (action_seq, path, self_ns, total_ns, calls) VALUES",
    columns: 5,
    tail: """
      ON CONFLICT (action_seq, path) DO UPDATE SET self_ns = self_ns + excluded.self_ns,
        total_ns = total_ns + excluded.total_ns, calls = calls + excluded.calls
      """)

  /// Binds `scope` to ``insertion``'s parameters.
  static func bind(_ scope: ScopeRecord, into row: RawInsert.Binder) {
    row.int(1, scope.actionSeq)
    row.text(2, scope.path)
    row.int(3, scope.selfNanoseconds)
    row.int(4, scope.totalNanoseconds)
    row.int(5, scope.calls)
  }
}
