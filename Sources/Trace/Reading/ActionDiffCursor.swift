import GRDB

/// Reads the name and stored diff of chosen actions, in increasing `seq` order: one query that
/// walks the `actions` table forward, stepping over rows between near seqs and seeking to far
/// ones.
///
/// ```swift
/// var cursor = try ActionDiffCursor(db)
/// if try cursor.move(to: 42) { print(cursor.diff.map { String(decoding: $0, as: UTF8.self) }) }
/// ```
struct ActionDiffCursor {
  private let query: RawQuery
  /// The seq of the row the cursor is on; `nil` before the first move and past the last row.
  private(set) var seq: Int64?

  /// The most rows stepped over to reach the next seq; further ones are sought.
  ///
  /// NB: Restarting the query to seek cost about as much as stepping over 5 to 10 rows in a
  /// trace of a million actions; dense seqs (every action changed the path) are read in one
  /// pass.
  static let stepLimit: Int64 = 8

  init(_ db: Database) throws {
    self.query = RawQuery(
      try db.makeStatement(sql: "SELECT seq, name, diff FROM actions WHERE seq >= ? ORDER BY seq"),
      in: db)
  }

  /// Moves to the action `seq`, which must come after the current one, returning `false` when
  /// there is no such action.
  mutating func move(to seq: Int64) throws -> Bool {
    if let current = self.seq, current < seq, seq - current <= Self.stepLimit {
      while let current = self.seq, current < seq { try self.next() }
    } else if self.seq != seq {
      self.query.start(seq)
      try self.next()
    }
    return self.seq == seq
  }

  private mutating func next() throws {
    self.seq = try self.query.step() ? self.query.int64(at: 0) : nil
  }

  /// The UTF-8 bytes of the current action's name, or `nil` for a NULL; valid until the next
  /// move.
  var name: UnsafeBufferPointer<UInt8>? { self.query.text(at: 1) }

  /// The UTF-8 bytes of the current action's diff (see ``DiffOperation/jsonText(of:)``), or
  /// `nil` when it has none; valid until the next move.
  var diff: UnsafeBufferPointer<UInt8>? { self.query.text(at: 2) }
}
