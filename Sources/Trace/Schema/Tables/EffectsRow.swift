import GRDB

/// A row of the `effects` table as stored: an effect's start, and its end once it ended.
///
/// The stored values are kept as they are until ``effect(schema:)`` reads them as typed values,
/// because what a column holds depends on the schema version (prose in version 1).
struct EffectsRow: FetchableRecord, PersistableRecord {
  static let databaseTableName = "effects"

  enum Columns: String, ColumnExpression {
    case id
    case actionSeq = "action_seq"
    case kind, name
    case cancelIDs = "cancel_ids"
    case location
    case startNanoseconds = "start_ns"
    case endNanoseconds = "end_ns"
    case outcome, reason
    /// Since version 2.
    case cancelID = "cancel_id"
    case error
    case actionsSent = "actions_sent"
  }

  var start: EffectStartRecord
  var outcome: String?
  var reason: String?
  var cancelID: String?
  var error: String?
  var endNanoseconds: Int64?
  var actionsSent: Int64
  /// The stored kind, read as ``EffectKind`` by ``effect(schema:)``.
  private var kind: String

  /// A started effect, as the writer inserts it.
  init(_ start: EffectStartRecord) {
    self.start = start
    self.kind = start.kind.rawValue
    self.actionsSent = 0
  }

  init(row: Row) throws {
    let ids = Self.cancelIDs(stored: try row.decode(forColumn: Columns.cancelIDs))
    self.kind = try row.decode(forColumn: Columns.kind)
    self.start = EffectStartRecord(
      id: try row.decode(forColumn: Columns.id),
      actionSeq: try row.decode(forColumn: Columns.actionSeq), kind: .run,
      name: try row.decode(forColumn: Columns.name),
      cancelIDs: ids, location: try row.decode(forColumn: Columns.location),
      startNanoseconds: try row.decode(forColumn: Columns.startNanoseconds)
    )
    self.outcome = try row.decode(forColumn: Columns.outcome)
    self.reason = try row.decode(forColumn: Columns.reason)
    // NB: A version-1 row has no such column.
    self.cancelID = try row.decode(forColumn: Columns.cancelID)
    self.error = try row.decode(forColumn: Columns.error)
    self.endNanoseconds = try row.decode(forColumn: Columns.endNanoseconds)
    self.actionsSent = try row.decode(forColumn: Columns.actionsSent)
  }

  func encode(to container: inout PersistenceContainer) {
    container[Columns.id] = self.start.id
    container[Columns.actionSeq] = self.start.actionSeq
    container[Columns.kind] = self.start.kind.rawValue
    container[Columns.name] = self.start.name
    container[Columns.cancelIDs] =
      self.start.cancelIDs.isEmpty
      ? nil : TraceValue.array(self.start.cancelIDs.map(TraceValue.string)).jsonText
    container[Columns.location] = self.start.location
    container[Columns.startNanoseconds] = self.start.startNanoseconds
  }

  /// The cancel ids stored as `stored` in the `cancel_ids` column (a JSON array of strings, or
  /// `NULL` for none).
  static func cancelIDs(stored: String?) -> [String] {
    guard let stored, case let .array(values)? = try? TraceValue(jsonText: stored) else {
      return []
    }
    return values.compactMap { if case let .string(id) = $0 { id } else { nil } }
  }

  /// The assignments that record how an effect ended.
  static func assignments(ending end: EffectEndRecord) -> [ColumnAssignment] {
    [
      Columns.endNanoseconds.set(to: end.endNanoseconds),
      Columns.outcome.set(to: end.outcome.spelling.rawValue),
      Columns.reason.set(to: end.outcome.reason?.spelling.rawValue),
      Columns.cancelID.set(to: end.outcome.reason?.cancelID),
      Columns.error.set(to: end.outcome.error),
      Columns.actionsSent.set(to: end.actionsSent),
    ]
  }

  /// The cancellation reason stored as `stored` (with the `cancel_id` column's `cancelID` since
  /// version 2) by schema version `schema`, or `nil` for a spelling this build does not know.
  static func cancellationReason(
    stored: String, cancelID: String?, schema: Int
  ) -> EffectEndRecord.CancellationReason? {
    if schema == 1 { return EffectEndRecord.CancellationReason(version1Prose: stored) }
    return EffectEndRecord.CancellationReason.Spelling(rawValue: stored).flatMap {
      EffectEndRecord.CancellationReason(spelling: $0, cancelID: cancelID)
    }
  }

  /// The effect with typed values, reading the columns as schema version `schema` wrote them.
  func effect(schema: Int) throws(StoredValueError) -> EffectRow {
    let id = self.start.id
    guard let kind = EffectKind(rawValue: self.kind) else {
      throw StoredValueError(description: "effect \(id) of an unknown kind '\(self.kind)'")
    }
    var start = self.start
    start.kind = kind
    guard let outcome = self.outcome else { return EffectRow(start: start, end: nil) }
    let ending: EffectEndRecord.Outcome
    switch EffectEndRecord.Outcome.Spelling(rawValue: outcome) {
    case .finished:
      ending = .finished
    case .failed:
      ending = .failed(error: self.error ?? "")
    case .ended:
      ending = .ended
    case .cancelled:
      guard
        let reason = self.reason.flatMap({
          Self.cancellationReason(stored: $0, cancelID: self.cancelID, schema: schema)
        })
      else {
        throw StoredValueError(
          description: "effect \(id) cancelled for an unknown reason '\(self.reason ?? "")'")
      }
      ending = .cancelled(reason)
    case nil:
      throw StoredValueError(description: "effect \(id) with an unknown outcome '\(outcome)'")
    }
    return EffectRow(
      start: start,
      end: EffectEndRecord(
        id: id, endNanoseconds: self.endNanoseconds ?? 0, outcome: ending,
        actionsSent: self.actionsSent))
  }
}
