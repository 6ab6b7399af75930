import Foundation
import GRDB

/// The rows of `denied_inputs` and `dependency_values` (schema 3): what replay reads besides the
/// actions.
enum ReplayInputRows {
  static func insert(_ batch: TraceBatch, into db: Database) throws {
    for input in batch.deniedInputs {
      let (origin, effectID): (String, Int64?) =
        switch input.origin {
        case .send: ("send", nil)
        case let .effect(id): ("effect", id)
        case .shared: ("shared", nil)
        }
      try db.execute(
        sql: """
          INSERT INTO denied_inputs (seq, origin, effect_id, start_ns, encoding)
          VALUES (?, ?, ?, ?, ?)
          """,
        arguments: [input.seq, origin, effectID, input.startNanoseconds, Data(input.encoding)])
    }
    for value in batch.dependencyValues {
      let (actionSeq, effectID): (Int64?, Int64?) =
        switch value.reader {
        case let .action(seq): (seq, nil)
        case let .effect(id): (nil, id)
        case .unknown: (nil, nil)
        }
      try db.execute(
        sql: """
          INSERT INTO dependency_values (dependency, action_seq, effect_id, value)
          VALUES (?, ?, ?, ?)
          """,
        arguments: [value.dependency.rawValue, actionSeq, effectID, value.value])
    }
  }
}
