extension TraceReader {
  /// The SQL expression of an effect's cancel id beside its stored reason (`e` is the `effects`
  /// table): the column since schema version 2, `NULL` before, when the id was part of the prose.
  var cancelIDColumn: String {
    self.header.schemaVersion >= 2 ? "e.\(EffectsRow.Columns.cancelID.rawValue)" : "NULL"
  }

  /// The cancellation reason stored as `stored` (with the cancel id column's `cancelID`), read
  /// as this trace's schema version stores it; a missing or unknown one is a damaged trace.
  func cancellationReason(stored: String?, cancelID: String?) throws(StoredValueError)
    -> EffectEndRecord.CancellationReason
  {
    guard let stored,
      let reason = EffectsRow.cancellationReason(
        stored: stored, cancelID: cancelID, schema: self.header.schemaVersion)
    else {
      throw StoredValueError(
        description: "an effect cancelled for an unknown reason '\(stored ?? "")'")
    }
    return reason
  }

  /// The effect kind stored as `stored`; an unknown one is a damaged trace.
  static func effectKind(stored: String) throws(StoredValueError) -> EffectKind {
    guard let kind = EffectKind(rawValue: stored) else {
      throw StoredValueError(description: "an effect of an unknown kind '\(stored)'")
    }
    return kind
  }

  /// The outcome stored as `stored`; an unknown one is a damaged trace.
  static func outcome(stored: String) throws(StoredValueError) -> EffectEndRecord.Outcome.Spelling {
    guard let outcome = EffectEndRecord.Outcome.Spelling(rawValue: stored) else {
      throw StoredValueError(description: "an effect with an unknown outcome '\(stored)'")
    }
    return outcome
  }
}
