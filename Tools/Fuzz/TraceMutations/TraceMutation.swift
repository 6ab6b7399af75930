import Foundation
import GRDB
import TestSupport

/// One way to damage a copy of a real trace, as a reader may meet it: bytes flipped on disk, a
/// file cut short, a table gone, a wrong schema version, rows with NULLs, wrong types or broken
/// JSON where the format promises otherwise.
public enum TraceMutation: CustomStringConvertible, Sendable {
  case flipBytes([Int: UInt8])
  case truncate(to: Int)
  case dropTable(String)
  case userVersion(Int)
  /// Sets `column` of every `every`-th row of `table` to `value` (SQL), after rebuilding the
  /// table without its constraints so any value fits.
  case setColumn(table: String, column: String, every: Int, value: String)
  case deleteRows(table: String, every: Int)

  /// The tables and columns of a schema-1 trace.
  public static let columns: [String: [String]] = [
    "header": [
      "schema_version", "recorder_version", "state_type", "action_type", "started_at",
      "keyframe_interval", "options", "finished_cleanly", "end_reason", "ended_ns",
    ],
    "actions": [
      "seq", "origin", "effect_id", "name", "payload", "start_ns", "duration_ns",
      "state_changed", "state_hash", "diff",
    ],
    "changed_paths": ["path", "seq"],
    "keyframes": ["seq", "state", "codable"],
    "effects": [
      "id", "action_seq", "kind", "name", "cancel_ids", "location", "start_ns", "end_ns",
      "outcome", "reason", "error", "actions_sent",
    ],
    "scopes": ["action_seq", "path", "self_ns", "total_ns", "calls"],
    "not_captured": ["reason", "count"],
  ]

  /// Values that break a column's promise: NULL, text where numbers belong, numbers where text
  /// belongs, JSON that does not parse or has the wrong shape, a blob, huge and negative numbers.
  static let badValues = [
    "NULL", "'abc'", "-1", "9223372036854775807", "3.5", "x'00ff'", "'{'", "'[1,2'",
    "'{\"op\":\"replace\"}'", "'[{\"op\":\"insert\",\"path\":\"\",\"new\":1}]'", "''", "'null'",
    "'[]'", "'{\"$double\":\"x\"}'",
  ]

  /// A random mutation for a file of `size` bytes.
  public static func random(size: Int, using generator: inout SplitMix64) -> TraceMutation {
    let tables = columns.keys.sorted()
    switch Int.random(in: 0..<6, using: &generator) {
    case 0:
      var flips: [Int: UInt8] = [:]
      for _ in 0..<Int.random(in: 1...24, using: &generator) {
        flips[Int.random(in: 0..<size, using: &generator)] = UInt8.random(
          in: 1...255, using: &generator)
      }
      return .flipBytes(flips)
    case 1:
      return .truncate(to: Int.random(in: 0..<size, using: &generator))
    case 2:
      return .dropTable(tables.randomElement(using: &generator)!)
    case 3:
      return .userVersion([0, 2, 3, -1, 99, 1_000_000].randomElement(using: &generator)!)
    case 4:
      let table = tables.randomElement(using: &generator)!
      return .setColumn(
        table: table, column: columns[table]!.randomElement(using: &generator)!,
        every: [1, 2, 3, 7].randomElement(using: &generator)!,
        // NB: NULL where the format has none is the likeliest to find a crash; a third of these
        // mutations write it.
        value: Int.random(in: 0..<3, using: &generator) == 0
          ? "NULL" : badValues.randomElement(using: &generator)!)
    default:
      return .deleteRows(
        table: tables.randomElement(using: &generator)!,
        every: [1, 2, 5].randomElement(using: &generator)!)
    }
  }

  /// Applies the mutation to the trace file at `path` in place.
  public func apply(to path: String) throws {
    switch self {
    case let .flipBytes(flips):
      var data = try Data(contentsOf: URL(fileURLWithPath: path))
      for (offset, mask) in flips where offset < data.count { data[offset] ^= mask }
      try data.write(to: URL(fileURLWithPath: path))
    case let .truncate(size):
      let data = try Data(contentsOf: URL(fileURLWithPath: path))
      try data.prefix(size).write(to: URL(fileURLWithPath: path))
    case let .dropTable(table):
      try self.edit(path) { try $0.execute(sql: "DROP TABLE \(table)") }
    case let .userVersion(version):
      try self.edit(path) { try $0.execute(sql: "PRAGMA user_version = \(version)") }
    case let .setColumn(table, column, every, value):
      try self.edit(path) { db in
        try db.execute(sql: "CREATE TABLE loose AS SELECT * FROM \(table)")
        try db.execute(sql: "DROP TABLE \(table)")
        try db.execute(sql: "ALTER TABLE loose RENAME TO \(table)")
        try db.execute(sql: "UPDATE \(table) SET \(column) = \(value) WHERE rowid % \(every) = 0")
      }
    case let .deleteRows(table, every):
      try self.edit(path) { db in
        try db.execute(sql: "DELETE FROM \(table) WHERE rowid % \(every) = 0")
      }
    }
  }

  private func edit(_ path: String, _ body: (Database) throws -> Void) throws {
    let queue = try DatabaseQueue(path: path)
    try queue.writeWithoutTransaction { db in try body(db) }
    try queue.close()
  }

  public var description: String {
    switch self {
    case let .flipBytes(flips): "flip \(flips.count) bytes at \(flips.keys.sorted())"
    case let .truncate(size): "truncate to \(size) bytes"
    case let .dropTable(table): "drop table \(table)"
    case let .userVersion(version): "user_version = \(version)"
    case let .setColumn(table, column, every, value):
      "set \(table).\(column) = \(value) in every \(every) rows"
    case let .deleteRows(table, every): "delete every \(every) rows of \(table)"
    }
  }
}
