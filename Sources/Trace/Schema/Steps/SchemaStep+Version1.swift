extension SchemaStep {
  /// Version 1, the first trace: actions and their diffs, keyframes, effects, scope timings,
  /// what was not captured. Effect cancellation reasons and not-captured reasons were prose.
  static let version1 = SchemaStep(
    name: "the first trace",
    statements: [
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
    ])
}
