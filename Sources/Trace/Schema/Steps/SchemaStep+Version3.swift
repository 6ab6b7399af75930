extension SchemaStep {
  /// Version 3, replay inputs: what a replay needs beyond what the time machine reads.
  ///
  /// - `header.not_replayable`: why the trace cannot be replayed (`Action is not Codable`), or
  ///   `NULL` when it can.
  /// - `actions.encoding`: the action's exact `Codable` encoding (JSON).
  /// - `denied_inputs`: the actions the deny-list kept out of `actions`, stored for replay only
  ///   (their encoding, origin and time), so a replay feeds every input the store received.
  /// - `dependency_values`: every non-deterministic value the app read (`uuid`, `date`, a
  ///   random number; `calendar`, `time_zone`, `locale` once), in the order read, with the action
  ///   whose reducer read it or the effect that did.
  static let version3 = SchemaStep(
    name: "replay inputs",
    statements: [
      "ALTER TABLE header ADD COLUMN not_replayable TEXT",
      "ALTER TABLE actions ADD COLUMN encoding BLOB",
      """
      CREATE TABLE denied_inputs (
        seq INTEGER PRIMARY KEY,
        origin TEXT NOT NULL CHECK (origin IN ('send', 'effect')),
        effect_id INTEGER,
        start_ns INTEGER NOT NULL,
        encoding BLOB NOT NULL
      )
      """,
      """
      CREATE TABLE dependency_values (
        ordinal INTEGER PRIMARY KEY,
        dependency TEXT NOT NULL
          CHECK (dependency IN ('uuid', 'date', 'random', 'calendar', 'time_zone', 'locale')),
        action_seq INTEGER,
        effect_id INTEGER,
        value TEXT NOT NULL
      )
      """,
    ])
}
