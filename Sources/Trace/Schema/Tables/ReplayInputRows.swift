import Foundation
import GRDB

/// The rows of `denied_inputs` and `dependency_values` (schema 3) and `clock_requests` (schema 4):
/// what replay and test generation read besides the actions.
enum ReplayInputRows {
  static func insert(_ batch: TraceBatch, into db: Database) throws {
    for input in batch.deniedInputs {
      let (origin, effectID): (String, Int64?) =
        switch input.origin {
        case .send: ("send", nil)
        case let .effect(id): ("effect", id)
        }
      try db.execute(
        sql: """
          INSERT INTO denied_inputs (seq, origin, effect_id, start_ns, encoding)
          VALUES (?, ?, ?, ?, ?)
          """,
        arguments: [input.seq, origin, effectID, input.startNanoseconds, Data(input.encoding)])
    }
    for value in batch.dependencyValues {
      let (actionSeq, effectID) = Self.columns(of: value.reader)
      try db.execute(
        sql: """
          INSERT INTO dependency_values (dependency, action_seq, effect_id, value)
          VALUES (?, ?, ?, ?)
          """,
        arguments: [value.dependency.rawValue, actionSeq, effectID, value.value])
    }
    for request in batch.clockRequests {
      let (actionSeq, effectID) = Self.columns(of: request.reader)
      try db.execute(
        sql: """
          INSERT INTO clock_requests (request, action_seq, effect_id, nanoseconds)
          VALUES (?, ?, ?, ?)
          """,
        arguments: [request.request.rawValue, actionSeq, effectID, request.nanoseconds])
    }
  }

  /// A reader as the `action_seq` and `effect_id` columns store it.
  static func columns(of reader: DependencyValueRecord.Reader) -> (Int64?, Int64?) {
    switch reader {
    case let .action(seq): (seq, nil)
    case let .effect(id): (nil, id)
    case .unknown: (nil, nil)
    }
  }

  /// A reader from the `action_seq` and `effect_id` columns of `row`.
  static func reader(in row: Row) -> DependencyValueRecord.Reader {
    if let seq = row["action_seq"] as Int64? {
      .action(seq)
    } else if let id = row["effect_id"] as Int64? {
      .effect(id)
    } else {
      .unknown
    }
  }
}
