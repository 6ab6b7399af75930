/// The layout of a trace file: its identifying marks and its versions, each a named step from the
/// one before. `Recordings/README.md` documents every version's tables; keep the two in step.
///
/// A trace is an SQLite database in WAL mode whose `application_id` is ``applicationID`` and whose
/// `user_version` is the schema version, so a reader can tell a trace, a foreign database and a
/// trace from a newer recorder apart before reading a table.
///
/// NB: As with GRDB's `DatabaseMigrator`, versions are steps registered here, in order, and a new
/// file gets every step in turn. Unlike a migrator, nothing ever migrates an existing trace: the
/// writer writes the newest version, and the reader reads every version from 1 to ``version``.
/// Adding a version: write its step in `Steps/`, append it to ``steps``, teach the table
/// definitions (`Tables/`) what it changed, document it and add a sample trace of it.
public enum TraceSchema {
  /// Every schema version, oldest first; a step's place in the list is its version.
  static let steps: [SchemaStep] = [
    .version1, .version2, .version3, .version4, .version5, .version6, .version7,
    .version8,
  ]

  /// The schema version this build writes and the newest it reads.
  public static let version = steps.count

  /// The oldest schema version this build reads.
  public static let oldestReadable = 1

  /// `PRAGMA application_id` of every trace: "TCAR".
  public static let applicationID: Int32 = 0x5443_4152

  /// The name of each schema version, by version: what it changed.
  public static var versionNames: [Int: String] {
    Dictionary(uniqueKeysWithValues: steps.enumerated().map { ($0.offset + 1, $0.element.name) })
  }
}
