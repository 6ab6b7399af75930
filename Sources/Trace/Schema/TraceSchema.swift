/// The layout of a trace file, schema version 1. `Recordings/README.md` documents every table and
/// column; keep the two in step.
///
/// A trace is an SQLite database in WAL mode whose `application_id` is ``applicationID`` and whose
/// `user_version` is the schema version, so a reader can tell a trace, a foreign database and a
/// trace from a newer recorder apart before reading a table.
public enum TraceSchema {
  /// The schema version this build writes and the newest it reads.
  public static let version = 1

  /// `PRAGMA application_id` of every trace: "TCAR".
  public static let applicationID: Int32 = 0x5443_4152

  /// The statements that create an empty version-1 trace.
  static let statements = [
    """
    CREATE TABLE header (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      schema_version INTEGER NOT NULL,
      recorder_version TEXT NOT NULL,
      state_type TEXT NOT NULL,
      action_type TEXT NOT NULL,
      started_at TEXT NOT NULL,
      keyframe_interval INTEGER NOT NULL,
      options TEXT NOT NULL,
      finished_cleanly INTEGER NOT NULL DEFAULT 0,
      end_reason TEXT,
      ended_ns INTEGER
    )
    """,
    "CREATE TABLE not_captured (reason TEXT PRIMARY KEY, count INTEGER NOT NULL)",
    """
    CREATE TABLE actions (
      seq INTEGER PRIMARY KEY,
      origin TEXT NOT NULL CHECK (origin IN ('send', 'effect')),
      effect_id INTEGER,
      name TEXT NOT NULL,
      payload TEXT,
      start_ns INTEGER NOT NULL,
      duration_ns INTEGER NOT NULL,
      state_changed INTEGER NOT NULL,
      state_hash INTEGER NOT NULL,
      diff TEXT
    )
    """,
    "CREATE INDEX actions_by_name ON actions (name)",
    """
    CREATE TABLE changed_paths (
      path TEXT NOT NULL,
      seq INTEGER NOT NULL,
      PRIMARY KEY (path, seq)
    ) WITHOUT ROWID
    """,
    "CREATE TABLE keyframes (seq INTEGER PRIMARY KEY, state TEXT NOT NULL, codable BLOB)",
    """
    CREATE TABLE effects (
      id INTEGER PRIMARY KEY,
      action_seq INTEGER NOT NULL,
      kind TEXT NOT NULL,
      name TEXT,
      cancel_ids TEXT,
      location TEXT,
      start_ns INTEGER NOT NULL,
      end_ns INTEGER,
      outcome TEXT CHECK (outcome IN ('finished', 'cancelled', 'failed')),
      reason TEXT,
      error TEXT,
      actions_sent INTEGER NOT NULL DEFAULT 0
    )
    """,
    "CREATE INDEX effects_by_action ON effects (action_seq)",
    """
    CREATE TABLE scopes (
      action_seq INTEGER NOT NULL,
      path TEXT NOT NULL,
      self_ns INTEGER NOT NULL,
      total_ns INTEGER NOT NULL,
      calls INTEGER NOT NULL,
      PRIMARY KEY (action_seq, path)
    ) WITHOUT ROWID
    """,
  ]
}
