/// Actions' seqs, names and stored diffs copied out of SQLite, the bytes of all of them in one
/// buffer: what the thread reading the trace hands to the one following a path.
///
/// ```swift
/// var batch = ActionDiffBatch()
/// batch.append(seq: 12, name: cursor.name, diff: cursor.diff)
/// batch.withRow(0) { seq, name, diff in … }
/// ```
struct ActionDiffBatch: Sendable {
  private var rows: [Row] = []
  private var bytes: [UInt8] = []

  /// One row: its seq, and where its name and diff are in `bytes`, `nil` for a NULL.
  private struct Row {
    var seq: Int64
    var name: Range<Int>?
    var diff: Range<Int>?
  }

  var count: Int { self.rows.count }

  /// Appends one row; `name` and `diff` are `nil` for NULLs.
  mutating func append(
    seq: Int64,
    name: UnsafeBufferPointer<UInt8>?,
    diff: UnsafeBufferPointer<UInt8>?
  ) {
    self.rows.append(Row(seq: seq, name: self.copy(name), diff: self.copy(diff)))
  }

  private mutating func copy(_ text: UnsafeBufferPointer<UInt8>?) -> Range<Int>? {
    guard let text else { return nil }
    let start = self.bytes.count
    self.bytes.append(contentsOf: text)
    return start..<self.bytes.count
  }

  /// Calls `body` with the seq, name and diff of row `index`; the bytes are valid only there.
  func withRow<Result>(
    _ index: Int,
    _ body: (
      _ seq: Int64, _ name: UnsafeBufferPointer<UInt8>?, _ diff: UnsafeBufferPointer<UInt8>?
    ) throws -> Result
  ) rethrows -> Result {
    let row = self.rows[index]
    return try self.bytes.withUnsafeBufferPointer { bytes in
      try body(
        row.seq,
        row.name.map { UnsafeBufferPointer(rebasing: bytes[$0]) },
        row.diff.map { UnsafeBufferPointer(rebasing: bytes[$0]) })
    }
  }
}
