extension SchemaStep {
  /// Version 4, causes and context: where each action was sent from, what the app's clock was
  /// asked, the recording's metadata, and changes to shared state made outside any action.
  ///
  /// - `actions.site_file`, `actions.site_line`: the `#fileID` and `#line` the action was sent
  ///   from (`store.send`, an effect's `send`, `TestStore.send`), or `NULL` when unknown.
  /// - `actions.origin` may be `shared`: a change to `@Shared` state made outside any action (by
  ///   another store, or on disk), recorded as an event of its own.
  /// - `header.metadata`: the app's description of the recording (`appVersion`, `device`, …) as a
  ///   JSON object of strings.
  /// - `clock_requests`: what the app's clock was asked, in order (a sleep's duration, a `now`).
  ///
  /// NB: `actions` is made anew rather than altered, because its `origin` check changes; a step
  /// only ever runs on a new, empty file.
  static let version4 = SchemaStep(
    name: "causes and context",
    statements: [
      "DROP INDEX actions_by_name",
      "DROP TABLE actions",
      """
      CREATE TABLE actions (
        seq INTEGER PRIMARY KEY,
        origin TEXT NOT NULL CHECK (origin IN ('send', 'effect', 'shared')),
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
      "ALTER TABLE header ADD COLUMN metadata TEXT NOT NULL DEFAULT '{}'",
      """
      CREATE TABLE clock_requests (
        ordinal INTEGER PRIMARY KEY,
        request TEXT NOT NULL CHECK (request IN ('sleep', 'now')),
        action_seq INTEGER,
        effect_id INTEGER,
        nanoseconds INTEGER NOT NULL
      )
      """,
    ])
}
