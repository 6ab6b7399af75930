/// What ``TraceReader/forEachEffectEvent(_:)`` hands out: every effect in start order, each
/// followed by the actions it sent.
package enum EffectTimelineEvent: Sendable {
  /// An effect; `bar.end` is `nil` when it never ended. `actionStartNanoseconds` is when the
  /// reducer that returned it started; `reason` why it was cancelled, when it was.
  case effect(
    EffectBar, actionStartNanoseconds: Int64, reason: EffectEndRecord.CancellationReason?)
  /// An action the effect just handed out sent back.
  case sent(effectID: Int64, seq: Int64, startNanoseconds: Int64)
}
