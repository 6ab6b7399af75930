/// The attribute names of an OTLP export, the ones `.traced()` puts on its live spans (the
/// `StoreTracing` module's `StoreSpanAttribute`, which this module cannot import).
enum OTLPAttribute {
  static let actionOrigin = "tca.action.origin"
  static let actionSeq = "tca.action.seq"
  static let actionChangedPaths = "tca.action.changed_paths"
  static let scopePath = "tca.scope.path"
  static let effectKind = "tca.effect.kind"
  static let effectOutcome = "tca.effect.outcome"
  static let effectCancellationReason = "tca.effect.cancellation_reason"
  static let effectCancelledBy = "tca.effect.cancelled_by"
  static let effectCancelIDs = "tca.effect.cancel_ids"
  static let effectName = "tca.effect.name"
  static let effectLocation = "tca.effect.location"
  static let effectError = "tca.effect.error"
}
