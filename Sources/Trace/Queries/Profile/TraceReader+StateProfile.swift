import GRDB

/// How often one state path (element ids collapsed) changed.
public struct PathChangeCount: Hashable, Sendable {
  public var path: String
  public var changes: Int

  /// Creates the record from its fields.
  public init(path: String, changes: Int) {
    self.path = path
    self.changes = changes
  }
}

extension TraceReader {
  /// The size of the whole state (bytes of its JSON) at every keyframe, in order.
  public func stateSizes() throws -> [(seq: Int64, bytes: Int)] {
    try self.read { db in
      try Row.fetchAll(db, sql: "SELECT seq, length(state) FROM keyframes ORDER BY seq")
        .map { (try $0.decode(atIndex: 0), try $0.decode(atIndex: 1)) }
    }
  }

  /// The state paths that changed most often, element ids collapsed
  /// (`todos[id: *].isComplete`), most first.
  public func mostChangedPaths(limit: Int = 10) throws -> [PathChangeCount] {
    try self.read { db in
      ProfileGrouping.register(in: db)
      return try Row.fetchAll(
        db,
        sql: """
          SELECT tca_collapse_ids(path) AS p, sum(n) AS c FROM (
            SELECT path, count(*) AS n FROM changed_paths GROUP BY path)
          GROUP BY p ORDER BY c DESC, p LIMIT ?
          """, arguments: [limit]
      ).map { PathChangeCount(path: try $0.decode(atIndex: 0), changes: try $0.decode(atIndex: 1)) }
    }
  }
}
