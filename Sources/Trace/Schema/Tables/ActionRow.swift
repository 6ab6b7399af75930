import GRDB

/// A row of the `actions` table: one recorded action.
///
/// NB: One of the three hot inserts: the writer binds ``insertion`` through SQLite's C API with
/// ``bind(_:into:)`` rather than through a GRDB record, which builds its arguments per row.
struct ActionRow: FetchableRecord, TableRecord {
  static let databaseTableName = "actions"

  enum Columns: String, ColumnExpression, CaseIterable {
    case seq, origin
    case effectID = "effect_id"
    case name, payload
    case startNanoseconds = "start_ns"
    case durationNanoseconds = "duration_ns"
    case stateChanged = "state_changed"
    case stateHash = "state_hash"
    case diff
    case encoding
    case siteFile = "site_file"
    case siteLine = "site_line"
    case reads
    case clockNanoseconds = "clock_ns"
  }

  /// The stored spellings of ``ActionRecord/Origin``.
  enum OriginSpelling: String {
    case send = "send"
    case effect = "effect"
    case shared = "shared"
  }

  var action: ActionRecord

  init(row: Row) throws {
    let seq: Int64 = try row.decode(forColumn: Columns.seq)
    let origin = try Self.origin(in: row, seq: seq)
    let payload: String? = try row.decode(forColumn: Columns.payload)
    let diff: String? = try row.decode(forColumn: Columns.diff)
    self.action = ActionRecord(
      seq: seq, origin: origin, name: try row.decode(forColumn: Columns.name), payload: nil,
      startNanoseconds: try row.decode(forColumn: Columns.startNanoseconds),
      durationNanoseconds: try row.decode(forColumn: Columns.durationNanoseconds),
      stateChanged: try row.decode(forColumn: Columns.stateChanged),
      stateHash: try row.decode(forColumn: Columns.stateHash), diff: [],
      site: try Self.site(in: row))
    let reads: String? =
      row.hasColumn(Columns.reads.rawValue) ? try row.decode(forColumn: Columns.reads) : nil
    self.action.clockNanoseconds =
      row.hasColumn(Columns.clockNanoseconds.rawValue)
      ? try row.decode(forColumn: Columns.clockNanoseconds) : nil
    // NB: Columns that do not decode throw GRDB's `RowDecodingError`; JSON that does not parse is
    // reported with the action it belongs to.
    do {
      self.action.payload = try payload.map { try TraceValue(jsonText: $0) }
      self.action.diff = try diff.map { try DiffOperation.operations(jsonText: $0) } ?? []
      self.action.reads = try reads.map(Self.reads(jsonText:))
    } catch {
      throw StoredValueError(description: "action \(seq) that does not decode: \(error)")
    }
  }

  /// The origin of action `seq` in `row`: its stored spelling and, for an action an effect sent,
  /// the effect's id.
  static func origin(in row: Row, seq: Int64) throws -> ActionRecord.Origin {
    let stored: String = try row.decode(forColumn: Columns.origin)
    switch OriginSpelling(rawValue: stored) {
    case .send: return .send
    case .effect: return .effect(try row.decode(Int64?.self, forColumn: Columns.effectID) ?? 0)
    case .shared: return .shared
    case nil: throw StoredValueError(description: "action \(seq) of an unknown origin '\(stored)'")
    }
  }

  /// The paths of a `reads` column: a JSON array of path texts.
  static func reads(jsonText: String) throws -> [TracePath] {
    guard case let .array(items) = try TraceValue(jsonText: jsonText) else {
      throw StoredValueError(description: "reads that are not an array: \(jsonText)")
    }
    return try items.map { item in
      guard case let .string(text) = item else {
        throw StoredValueError(description: "a read that is not a path: \(item.jsonText)")
      }
      return try TracePath(parsing: text)
    }
  }

  /// The `reads` column's text for `reads`.
  static func jsonText(of reads: [TracePath]) -> String {
    TraceValue.array(reads.map { .string($0.description) }).jsonText
  }

  /// The send site in `row`, or `nil` when unknown or when the trace predates schema 4.
  static func site(in row: Row) throws -> SendSite? {
    guard row.hasColumn(Columns.siteFile.rawValue),
      let file = try row.decode(String?.self, forColumn: Columns.siteFile),
      let line = try row.decode(Int?.self, forColumn: Columns.siteLine)
    else { return nil }
    return SendSite(file: file, line: line)
  }

  /// Inserts one action; bound by ``bind(_:into:)``.
  static let insertion = RawInsert.Shape(
    head: """
      INSERT INTO \(databaseTableName) (\(Columns.allCases.map(\.rawValue).joined(separator: ", ")))
      VALUES
      """,
    columns: Int32(Columns.allCases.count))

  /// Binds `action` to ``insertion``'s parameters.
  static func bind(_ action: ActionRecord, into row: RawInsert.Binder) {
    let (origin, effectID): (OriginSpelling, Int64?) =
      switch action.origin {
      case .send: (.send, nil)
      case let .effect(id): (.effect, id)
      case .shared: (.shared, nil)
      }
    row.int(1, action.seq)
    row.text(2, origin.rawValue)
    row.int(3, effectID)
    row.text(4, action.name)
    row.text(5, action.payload?.jsonText)
    row.int(6, action.startNanoseconds)
    row.int(7, action.durationNanoseconds)
    row.int(8, action.stateChanged ? 1 : 0)
    row.int(9, action.stateHash)
    row.text(
      10, action.diff.isEmpty ? nil : action.encodedDiff ?? DiffOperation.jsonText(of: action.diff))
    row.blob(11, action.encoding)
    row.text(12, action.site?.file)
    row.int(13, action.site.map { Int64($0.line) })
    row.text(14, action.reads.map(Self.jsonText(of:)))
    row.int(15, action.clockNanoseconds)
  }
}
