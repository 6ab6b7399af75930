extension SchemaStep {
  /// Version 5, cheaper checks: the same tables and values as version 4, with each check on the
  /// tables written once per action or effect (`actions`, `effects`, `dependency_values`) spelled
  /// as comparisons instead of `IN` lists.
  ///
  /// NB: SQLite checks `x IN ('a', 'b', 'c')` by building a temporary table of the list for every
  /// row it inserts; opening and closing that table was a fifth of the recorder's SQLite time per
  /// action. The allowed values are exactly version 4's. The tables are made anew, because a check
  /// cannot be altered; a step only ever runs on a new, empty file.
  static let version5 = SchemaStep(
    name: "cheaper checks",
    statements: [
      "DROP INDEX actions_by_name",
      "DROP TABLE actions",
      """
      CREATE TABLE actions (
        seq INTEGER PRIMARY KEY,
        origin TEXT NOT NULL
          CHECK (origin = 'send' OR origin = 'effect' OR origin = 'shared'),
        effect_id INTEGER,
        name TEXT NOT NULL,
        payload TEXT,
        start_ns INTEGER NOT NULL,
        duration_ns INTEGER NOT NULL,
        state_changed INTEGER NOT NULL,
        state_hash INTEGER NOT NULL,
        diff TEXT,
        encoding BLOB,
        site_file TEXT,
        site_line INTEGER
      )
      """,
      "CREATE INDEX actions_by_name ON actions (name)",
      "DROP INDEX effects_by_action",
      "DROP TABLE effects",
      """
      CREATE TABLE effects (
        id INTEGER PRIMARY KEY,
        action_seq INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind = 'send' OR kind = 'run' OR kind = 'presentation'),
        name TEXT,
        cancel_ids TEXT,
        location TEXT,
        start_ns INTEGER NOT NULL,
        end_ns INTEGER,
        outcome TEXT
          CHECK (outcome = 'finished' OR outcome = 'cancelled' OR outcome = 'failed'),
        reason TEXT
          CHECK (reason = 'cancel_id' OR reason = 'cancel_in_flight'
            OR reason = 'parent_dismissed' OR reason = 'store_released'
            OR reason = 'store_task_cancelled' OR reason = 'threw_cancellation_error'),
        cancel_id TEXT,
        error TEXT,
        actions_sent INTEGER NOT NULL DEFAULT 0
      )
      """,
      "CREATE INDEX effects_by_action ON effects (action_seq)",
      "DROP TABLE dependency_values",
      """
      CREATE TABLE dependency_values (
        ordinal INTEGER PRIMARY KEY,
        dependency TEXT NOT NULL
          CHECK (dependency = 'uuid' OR dependency = 'date' OR dependency = 'random'
            OR dependency = 'calendar' OR dependency = 'time_zone' OR dependency = 'locale'),
        action_seq INTEGER,
        effect_id INTEGER,
        value TEXT NOT NULL
      )
      """,
    ])
}
