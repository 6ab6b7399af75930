import Foundation
import GRDB
import TraceTestSupport
import Testing

@testable import Trace

/// The per-row checks of the newest schema: spelled as comparisons since version 5 (inserting a
/// row builds no temporary table for them), they allow what version 4's `IN` lists did plus what
/// version 6 added for recordings through TCA's public API (`returned`, `ended`,
/// `task_cancelled`), and refuse anything else; the header says which way in recorded. Version
/// 7 added `actions.reads` and version 8 `actions.clock_ns`, which have no check.
@Suite struct SchemaVersion7Tests {
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
      "effects", "kind", ["send", "run", "presentation", "returned"],
      "INSERT INTO effects (id, action_seq, kind, start_ns) VALUES (NULL, 1, ?, 0)"
    ),
    (
      "effects", "outcome", ["finished", "cancelled", "failed", "ended"],
      "INSERT INTO effects (id, action_seq, kind, start_ns, outcome) VALUES (NULL, 1, 'run', 0, ?)"
    ),
    (
      "effects", "reason",
      [
        "cancel_id", "cancel_in_flight", "parent_dismissed", "store_released",
        "store_task_cancelled", "threw_cancellation_error", "task_cancelled",
      ],
      "INSERT INTO effects (id, action_seq, kind, start_ns, reason) VALUES (NULL, 1, 'run', 0, ?)"
    ),
    (
      "dependency_values", "dependency",
      ["uuid", "date", "random", "calendar", "time_zone", "locale"],
      "INSERT INTO dependency_values (dependency, value) VALUES (?, '')"
    ),
  ]

  @Test func theChecksAllowWhatVersion4DidAndVersion6AddedAndRefuseTheRest() throws {
    let path = try emptyTrace()
    try DatabaseQueue(path: path).write { db in
      #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == TraceSchema.version)
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
      #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM effects WHERE outcome IS NULL") == 11)
    }
  }

  @Test func theHeaderSaysWhichWayInRecordedAndRefusesAnyOther() throws {
    let path = try emptyTrace()
    #expect(try TraceReader(path: path).header.recordedBy == .hooks)
    let writer = try TraceWriter.forTests(at: temporaryPath())
    try writer.setRootTypes(state: "S", action: "A", recordedBy: .reducer)
    try writer.finish(cleanly: true, reason: "finished", endNanoseconds: 0)
    #expect(try TraceReader(path: writer.path).header.recordedBy == .reducer)
    try DatabaseQueue(path: path).write { db in
      #expect(throws: DatabaseError.self) {
        try db.execute(sql: "UPDATE header SET recorded_by = 'elsewhere'")
      }
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
