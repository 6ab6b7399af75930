import Foundation
import GRDB

/// A row of the `keyframes` table: the whole state after an action.
struct KeyframeRow: FetchableRecord, PersistableRecord {
  static let databaseTableName = "keyframes"

  enum Columns: String, ColumnExpression {
    case seq, state, codable
  }

  var keyframe: KeyframeRecord

  init(_ keyframe: KeyframeRecord) {
    self.keyframe = keyframe
  }

  init(row: Row) throws {
    let seq: Int64 = try row.decode(forColumn: Columns.seq)
    let text: String = try row.decode(forColumn: Columns.state)
    let codable: Data? = try row.decode(forColumn: Columns.codable)
    do {
      self.keyframe = KeyframeRecord(
        seq: seq, state: try TraceValue(jsonText: text),
        codable: codable.map(Array.init))
    } catch {
      throw StoredValueError(
        description: "keyframe \(seq) that does not decode: \(error)")
    }
  }

  func encode(to container: inout PersistenceContainer) {
    container[Columns.seq] = self.keyframe.seq
    container[Columns.state] = self.keyframe.state.jsonText
    container[Columns.codable] = self.keyframe.codable.map { Data($0) }
  }
}
