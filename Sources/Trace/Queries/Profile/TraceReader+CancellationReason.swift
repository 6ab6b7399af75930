extension TraceReader {
  /// The SQL expression of an effect's cancel id beside its stored reason (`e` is the `effects`
  /// table): the column since schema version 2, `NULL` before, when the id was part of the prose.
  var cancelIDColumn: String {
    self.header.schemaVersion >= 2 ? "e.\(EffectsRow.Columns.cancelID.rawValue)" : "NULL"
  }

  /// The display text of a stored cancellation reason (`cancel(id: timer)`, `parent dismissed`),
  /// read as this trace's schema version stores it; a spelling this build does not know reads as
  /// stored, so a report still shows it.
  func cancellationReasonText(stored: String?, cancelID: String?) -> String? {
    guard let stored else { return nil }
    let reason = EffectsRow.cancellationReason(
      stored: stored, cancelID: cancelID, schema: self.header.schemaVersion)
    return reason?.description ?? stored
  }
}
