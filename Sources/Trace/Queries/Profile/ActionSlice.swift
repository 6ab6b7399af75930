/// One action for a timeline: when its reducer ran and the time in each child scope.
public struct ActionSlice: Sendable {
  public var seq: Int64
  public var name: String
  /// The effect that sent it, for an action an effect sent.
  public var effectID: Int64?
  public var startNanoseconds: Int64
  public var durationNanoseconds: Int64
  /// Its scope timings, by path (parents before their children).
  public var scopes: [ScopeRecord]

  /// Creates the record from its fields.
  public init(
    seq: Int64, name: String, effectID: Int64?, startNanoseconds: Int64,
    durationNanoseconds: Int64, scopes: [ScopeRecord]
  ) {
    self.seq = seq
    self.name = name
    self.effectID = effectID
    self.startNanoseconds = startNanoseconds
    self.durationNanoseconds = durationNanoseconds
    self.scopes = scopes
  }
}

/// What ``TraceReader/forEachEffectEvent(_:)`` hands out: every effect in start order, each
/// followed by the actions it sent.
public enum EffectTimelineEvent: Sendable {
  /// An effect; `span.endNanoseconds` is `nil` when it never ended. `actionStartNanoseconds` is
  /// when the reducer that returned it started.
  case effect(EffectSpan, actionStartNanoseconds: Int64, reason: String?)
  /// An action the effect just handed out sent back.
  case sent(effectID: Int64, seq: Int64, startNanoseconds: Int64)
}
