/// How an effect ended.
public struct EffectEndRecord: Hashable, Sendable {
  public var id: Int64
  public var endNanoseconds: Int64
  /// Finished, cancelled (and why) or failed (and with what).
  public var outcome: Outcome
  public var actionsSent: Int64

  public init(id: Int64, endNanoseconds: Int64, outcome: Outcome, actionsSent: Int64) {
    self.id = id
    self.endNanoseconds = endNanoseconds
    self.outcome = outcome
    self.actionsSent = actionsSent
  }

  /// Why the effect was cancelled, when it was.
  public var reason: CancellationReason? { self.outcome.reason }

  /// The error the effect failed with, when it failed.
  public var error: String? { self.outcome.error }
}
