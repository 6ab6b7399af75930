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
  }

  var header: TraceHeader

  init(_ header: TraceHeader) {
    self.header = header
  }

  init(row: Row) throws {
    let optionsText: String = row[Columns.options]
    let options: TraceHeader.Options
    do {
      options = try TraceHeader.Options(traceValue: TraceValue(jsonText: optionsText))
    } catch {
      throw StoredValueError(description: "header options that do not read: \(optionsText)")
    }
    self.header = TraceHeader(
      schemaVersion: row[Columns.schemaVersion], recorderVersion: row[Columns.recorderVersion],
      stateType: row[Columns.stateType], actionType: row[Columns.actionType],
      startedAt: row[Columns.startedAt], keyframeInterval: row[Columns.keyframeInterval],
      options: options, finishedCleanly: row[Columns.finishedCleanly],
      endReason: row[Columns.endReason], endedNanoseconds: row[Columns.endedNanoseconds])
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
  }
}
