/// What one write transaction adds to a trace.
public struct TraceBatch: Sendable {
  public var actions: [ActionRecord] = []
  public var keyframes: [KeyframeRecord] = []
  public var effectStarts: [EffectStartRecord] = []
  public var effectEnds: [EffectEndRecord] = []
  public var scopes: [ScopeRecord] = []
  /// Counts to add to the things not captured, by reason.
  public var notCaptured: [NotCapturedReason: Int64] = [:]
  /// Actions the deny-list kept out, stored for replay only.
  public var deniedInputs: [DeniedInputRecord] = []
  /// The non-deterministic values read, in order.
  public var dependencyValues: [DependencyValueRecord] = []
  /// What the clock was asked, in order (schema 4 on).
  public var clockRequests: [ClockRequestRecord] = []

  public init() {}

  public var isEmpty: Bool {
    actions.isEmpty && keyframes.isEmpty && effectStarts.isEmpty && effectEnds.isEmpty
      && scopes.isEmpty && notCaptured.isEmpty && deniedInputs.isEmpty
      && dependencyValues.isEmpty && clockRequests.isEmpty
  }
}
