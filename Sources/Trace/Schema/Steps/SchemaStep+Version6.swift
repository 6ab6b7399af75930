extension SchemaStep {
  /// Version 6, how it was recorded: the header says which way in wrote the trace, and effects
  /// can say what a recorder that sees only TCA's public API can tell of them.
  ///
  /// - `header.recorded_by`: `hooks` (this runtime's instrumentation hooks, which see every
  ///   effect and why it ended) or `reducer` (the reducer operator of `ReducerRecording`, which
  ///   sees what TCA makes public).
  /// - `effects.kind` may be `returned`: everything one action's reducer returned, as one effect.
  /// - `effects.outcome` may be `ended`: the effect ended, and the recorder could not tell a
  ///   finish from a cancellation by id.
  /// - `effects.reason` may be `task_cancelled`: the effect's task was cancelled as a whole (the
  ///   store released, or the task of the send behind it cancelled).
  ///
  /// NB: A check cannot be altered, so the effects table is made anew, as in version 5; a step
  /// only ever runs on a new, empty file.
  static let version6 = SchemaStep(
    name: "how it was recorded",
    statements: [
      """
      ALTER TABLE header ADD COLUMN recorded_by TEXT NOT NULL DEFAULT 'hooks'
        CHECK (recorded_by = 'hooks' OR recorded_by = 'reducer')
      """,
      "DROP INDEX effects_by_action",
      "DROP TABLE effects",
      """
      CREATE TABLE effects (
        id INTEGER PRIMARY KEY,
        action_seq INTEGER NOT NULL,
        kind TEXT NOT NULL
          CHECK (kind = 'send' OR kind = 'run' OR kind = 'presentation' OR kind = 'returned'),
        name TEXT,
        cancel_ids TEXT,
        location TEXT,
        start_ns INTEGER NOT NULL,
        end_ns INTEGER,
        outcome TEXT
          CHECK (outcome = 'finished' OR outcome = 'cancelled' OR outcome = 'failed'
            OR outcome = 'ended'),
        reason TEXT
          CHECK (reason = 'cancel_id' OR reason = 'cancel_in_flight'
            OR reason = 'parent_dismissed' OR reason = 'store_released'
            OR reason = 'store_task_cancelled' OR reason = 'threw_cancellation_error'
            OR reason = 'task_cancelled'),
        cancel_id TEXT,
        error TEXT,
        actions_sent INTEGER NOT NULL DEFAULT 0
      )
      """,
      "CREATE INDEX effects_by_action ON effects (action_seq)",
    ])
}
