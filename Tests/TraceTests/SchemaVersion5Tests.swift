import Foundation
import GRDB
import TraceTestSupport
import Testing

@testable import Trace

/// Schema 5 spells the per-row checks as comparisons: they allow and refuse exactly what version
/// 4's `IN` lists did, and inserting a row builds no temporary table for them.
@Suite struct SchemaVersion5Tests {
  func emptyTrace() throws -> String {
    let path = temporaryPath()
    let writer = try TraceWriter.forTests(at: path)
    try writer.finish(cleanly: true, reason: "finished", endNanoseconds: 0)
    return path
  }

  /// Each checked column with every value it allows and one it refuses.
  static let checks: [(table: String, column: String, allowed: [String], insert: String)] = [
    (
      "actions", "origin", ["send", "effect", "shared"],
      """
      INSERT INTO actions (seq, origin, name, start_ns, duration_ns, state_changed, state_hash)
      VALUES (NULL, ?, 'x', 0, 0, 0, 0)
      """
    ),
    (
      "effects", "kind", ["send", "run", "presentation"],
      "INSERT INTO effects (id, action_seq, kind, start_ns) VALUES (NULL, 1, ?, 0)"
    ),
    (
      "effects", "outcome", ["finished", "cancelled", "failed"],
      "INSERT INTO effects (id, action_seq, kind, start_ns, outcome) VALUES (NULL, 1, 'run', 0, ?)"
    ),
    (
      "effects", "reason",
      [
        "cancel_id", "cancel_in_flight", "parent_dismissed", "store_released",
        "store_task_cancelled", "threw_cancellation_error",
      ],
      "INSERT INTO effects (id, action_seq, kind, start_ns, reason) VALUES (NULL, 1, 'run', 0, ?)"
    ),
    (
      "dependency_values", "dependency",
      ["uuid", "date", "random", "calendar", "time_zone", "locale"],
      "INSERT INTO dependency_values (dependency, value) VALUES (?, '')"
    ),
  ]

  @Test func theChecksAllowAndRefuseWhatVersion4Did() throws {
    let path = try emptyTrace()
    try DatabaseQueue(path: path).write { db in
      #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == 5)
      for check in Self.checks {
        for value in check.allowed {
          try db.execute(sql: check.insert, arguments: [value])
        }
        #expect(
          throws: DatabaseError.self, "\(check.table).\(check.column) refuses another value"
        ) {
          try db.execute(sql: check.insert, arguments: ["elsewhere"])
        }
      }
      #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM effects WHERE outcome IS NULL") == 9)
    }
  }

  @Test func insertingARowBuildsNoTemporaryTable() throws {
    let path = try emptyTrace()
    try DatabaseQueue(path: path).read { db in
      for check in Self.checks {
        let opcodes = try Row.fetchAll(
          db, sql: "EXPLAIN " + check.insert.replacingOccurrences(of: "?", with: "'x'")
        ).map { $0["opcode"] as String }
        #expect(opcodes.contains("Insert"))
        #expect(!opcodes.contains("OpenEphemeral"), "\(check.table).\(check.column)")
      }
    }
  }
}
