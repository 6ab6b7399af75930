/// The names of the attributes a traced store puts on its spans; the OTLP export of a recording
/// uses the same ones.
///
/// ```swift
/// span.attributes.get(StoreSpanAttribute.actionOrigin)  // "send" or "effect"
/// ```
public enum StoreSpanAttribute {
  /// Where an action came from: `send` or `effect`.
  public static let actionOrigin = "tca.action.origin"
  /// The action's sequence number in the recording, when the store is recorded too.
  public static let actionSeq = "tca.action.seq"
  /// How many state paths the action changed (each path once, as the trace's `changed_paths`
  /// counts them).
  public static let actionChangedPaths = "tca.action.changed_paths"
  /// The path of a child scope, its steps joined by `/` as the trace names it.
  public static let scopePath = "tca.scope.path"
  /// The kind of an effect: `send`, `run` or `presentation`.
  public static let effectKind = "tca.effect.kind"
  /// How an effect ended: `finished`, `cancelled` or `failed`.
  public static let effectOutcome = "tca.effect.outcome"
  /// Why a cancelled effect was cancelled, in the trace's spelling (`cancel_id`, …).
  public static let effectCancellationReason = "tca.effect.cancellation_reason"
  /// The cancel id named by the cancellation, for `cancel_id` and `cancel_in_flight`.
  public static let effectCancelledBy = "tca.effect.cancelled_by"
  /// The ids an effect was made cancellable with, innermost first.
  public static let effectCancelIDs = "tca.effect.cancel_ids"
  /// The `name:` given to `.run`.
  public static let effectName = "tca.effect.name"
  /// Where `.run` was called, as `file:line`.
  public static let effectLocation = "tca.effect.location"
  /// The error a failed effect threw, as `String(reflecting:)` describes it.
  public static let effectError = "tca.effect.error"
}
