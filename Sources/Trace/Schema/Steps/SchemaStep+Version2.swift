extension SchemaStep {
  /// Version 2, typed stored values: an effect's cancellation reason and what was not captured
  /// are stored spellings (`cancel_id`, `over_memory_limit`) instead of prose, with the cancel id
  /// and the denied action's name in columns of their own; effect kinds are checked.
  ///
  /// NB: Tables whose constraints change are made anew rather than altered: a step only ever
  /// runs on a new, empty file.
  static let version2 = SchemaStep(
    name: "typed stored values",
    statements: [
      "DROP TABLE effects",
      """
      CREATE TABLE effects (
        id INTEGER PRIMARY KEY,
        action_seq INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('send', 'run', 'presentation')),
        name TEXT,
        cancel_ids TEXT,
        location TEXT,
        start_ns INTEGER NOT NULL,
        end_ns INTEGER,
        outcome TEXT CHECK (outcome IN ('finished', 'cancelled', 'failed')),
        reason TEXT CHECK (reason IN ('cancel_id', 'cancel_in_flight', 'parent_dismissed',
          'store_released', 'store_task_cancelled', 'threw_cancellation_error')),
        cancel_id TEXT,
        error TEXT,
        actions_sent INTEGER NOT NULL DEFAULT 0
      )
      """,
      "CREATE INDEX effects_by_action ON effects (action_seq)",
      "DROP TABLE not_captured",
      """
      CREATE TABLE not_captured (
        reason TEXT NOT NULL
          CHECK (reason IN ('denied_action', 'over_memory_limit', 'after_finish')),
        action TEXT NOT NULL DEFAULT '',
        count INTEGER NOT NULL,
        PRIMARY KEY (reason, action)
      ) WITHOUT ROWID
      """,
    ])
}
