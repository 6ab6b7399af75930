/// A row of the `changed_paths` table: a path an action's diff touched, for "which actions
/// changed this path".
///
/// NB: One of the three hot inserts: bound through SQLite's C API (see ``ActionRow``).
enum ChangedPathRow {
  static let databaseTableName = "changed_paths"

  /// Inserts one path of one action; a path repeated in a diff is stored once.
  static let insertion = RawInsert.Shape(
    head: "INSERT OR IGNORE INTO \(databaseTableName) (path, seq) VALUES", columns: 2)

  /// Binds a changed path to ``insertion``'s parameters.
  static func bind(path: String, seq: Int64, into row: RawInsert.Binder) {
    row.text(1, path)
    row.int(2, seq)
  }
}
