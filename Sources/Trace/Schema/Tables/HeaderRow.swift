import Foundation
import GRDB

/// The `header` table's one row.
struct HeaderRow: FetchableRecord, PersistableRecord {
  static let databaseTableName = "header"

  enum Columns: String, ColumnExpression {
    case id
    case schemaVersion = "schema_version"
    case recorderVersion = "recorder_version"
    case stateType = "state_type"
    case actionType = "action_type"
    case startedAt = "started_at"
    case keyframeInterval = "keyframe_interval"
    case options
    case finishedCleanly = "finished_cleanly"
    case endReason = "end_reason"
    case endedNanoseconds = "ended_ns"
    case metadata
    case recordedBy = "recorded_by"
  }

  var header: TraceHeader

  init(_ header: TraceHeader) {
    self.header = header
  }

  init(row: Row) throws {
    let optionsText: String = try row.decode(forColumn: Columns.options)
    let options: TraceHeader.Options
    do {
      options = try TraceHeader.Options(traceValue: TraceValue(jsonText: optionsText))
    } catch {
      throw StoredValueError(description: "header options that do not read: \(optionsText)")
    }
    self.header = TraceHeader(
      schemaVersion: try row.decode(forColumn: Columns.schemaVersion),
      recorderVersion: try row.decode(forColumn: Columns.recorderVersion),
      stateType: try row.decode(forColumn: Columns.stateType),
      actionType: try row.decode(forColumn: Columns.actionType),
      startedAt: try row.decode(forColumn: Columns.startedAt),
      keyframeInterval: try row.decode(forColumn: Columns.keyframeInterval),
      options: options, finishedCleanly: try row.decode(forColumn: Columns.finishedCleanly),
      endReason: try row.decode(forColumn: Columns.endReason),
      endedNanoseconds: try row.decode(forColumn: Columns.endedNanoseconds),
      metadata: try Self.metadata(in: row), recordedBy: try Self.recordedBy(in: row))
  }

  /// The `recorded_by` column (schema 6 on); `hooks` before.
  static func recordedBy(in row: Row) throws -> TraceHeader.RecordedBy {
    guard row.hasColumn(Columns.recordedBy.rawValue) else { return .hooks }
    let text: String = try row.decode(forColumn: Columns.recordedBy)
    guard let recordedBy = TraceHeader.RecordedBy(rawValue: text) else {
      throw StoredValueError(description: "header recorded_by that is neither hooks nor reducer: \(text)")
    }
    return recordedBy
  }

  /// The `metadata` column (schema 4 on): a JSON object of strings.
  static func metadata(in row: Row) throws -> [String: String] {
    guard row.hasColumn(Columns.metadata.rawValue) else { return [:] }
    let text: String = try row.decode(forColumn: Columns.metadata)
    guard let data = text.data(using: .utf8),
      let metadata = try? JSONDecoder().decode([String: String].self, from: data)
    else {
      throw StoredValueError(description: "header metadata that is not an object of strings: \(text)")
    }
    return metadata
  }

  /// `metadata` as the column stores it: JSON with sorted keys.
  static func metadataText(_ metadata: [String: String]) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = (try? encoder.encode(metadata)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  func encode(to container: inout PersistenceContainer) {
    container[Columns.id] = 1
    container[Columns.schemaVersion] = self.header.schemaVersion
    container[Columns.recorderVersion] = self.header.recorderVersion
    container[Columns.stateType] = self.header.stateType
    container[Columns.actionType] = self.header.actionType
    container[Columns.startedAt] = self.header.startedAt
    container[Columns.keyframeInterval] = self.header.keyframeInterval
    container[Columns.options] = self.header.options.traceValue.jsonText
    container[Columns.finishedCleanly] = self.header.finishedCleanly
    container[Columns.endReason] = self.header.endReason
    container[Columns.endedNanoseconds] = self.header.endedNanoseconds
    container[Columns.metadata] = Self.metadataText(self.header.metadata)
    container[Columns.recordedBy] = self.header.recordedBy.rawValue
  }
}
