import GRDB

extension TraceReader {
  /// The sites that sent the actions of a group (their case path cut to `depth` levels, as the
  /// profile groups them), the busiest first, at most `limit`; actions whose site is unknown are
  /// left out. Empty for a trace from before send sites were recorded (schema 3 and older).
  package func sendSites(of group: String, depth: Int = 0, limit: Int = 5) throws
    -> [SendSiteCount]
  {
    guard self.header.schemaVersion >= 4 else { return [] }
    return try self.read { db in
      let names = try String.fetchAll(db, sql: "SELECT DISTINCT name FROM actions ORDER BY name")
        .filter { ProfileGrouping.casePrefix($0, depth: depth) == group }
      guard !names.isEmpty else { return [] }
      return try Row.fetchAll(
        db,
        sql: """
          SELECT site_file, site_line, count(*) AS sent FROM actions
          WHERE name IN (\(Self.placeholders(names.count))) AND site_file IS NOT NULL
          GROUP BY site_file, site_line ORDER BY sent DESC, site_file, site_line LIMIT ?
          """,
        arguments: StatementArguments(names) + [limit]
      ).map { SendSiteCount(file: $0["site_file"], line: $0["site_line"], count: $0["sent"]) }
    }
  }
}
