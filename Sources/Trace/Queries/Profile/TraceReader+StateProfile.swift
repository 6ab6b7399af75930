import GRDB

extension TraceReader {
  /// The size of the whole state (bytes of its JSON) at every keyframe, in order.
  package func stateSizes() throws -> [StateSize] {
    try self.read { db in
      try Row.fetchAll(db, sql: "SELECT seq, length(state) FROM keyframes ORDER BY seq")
        .map { StateSize(seq: try $0.decode(atIndex: 0), bytes: try $0.decode(atIndex: 1)) }
    }
  }

  /// The state paths that changed most often, element ids collapsed
  /// (`todos[id: *].isComplete`), most first.
  package func mostChangedPaths(limit: Int = 10) throws -> [PathChanges] {
    try self.read { db in
      ProfileGrouping.register(in: db)
      return try Row.fetchAll(
        db,
        sql: """
          SELECT tca_collapse_ids(path) AS p, sum(n) AS c FROM (
            SELECT path, count(*) AS n FROM changed_paths GROUP BY path)
          GROUP BY p ORDER BY c DESC, p LIMIT ?
          """, arguments: [limit]
      ).map { PathChanges(path: try $0.decode(atIndex: 0), changes: try $0.decode(atIndex: 1)) }
    }
  }
}
