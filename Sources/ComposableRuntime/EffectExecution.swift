/// Whether a store runs the effects its reducer returns, or only tracks them.
///
/// A store made with `.tracked` reduces every action as usual and reports every effect to its
/// observers (kind, cancel ids, and the one outcome), but never starts an effect's work and never
/// delivers what a `.send` effect would send. A tracked `.run` effect stays in flight until it is
/// cancelled (by `cancel(id:)`, `cancelInFlight`, a dismissed parent, the store's release) or ended
/// with ``Store/endTrackedEffect(_:outcome:)``. That is what a replay needs: the reducer's
/// decisions, with the actions the effects sent taken from a recording instead.
///
/// ```swift
/// let store = Store(initialState: AppFeature.State(), effects: .tracked) { AppFeature() }
/// store.send(.counter(.view(.factButtonTapped)))   // the fact request is tracked, not made
/// store.trackedEffects                              // [effect #1]
/// store.endTrackedEffect(EffectID(rawValue: 1))     // as if it had finished
/// ```
public enum EffectExecution: Hashable, Sendable {
  /// Effects run: `.send` delivers its action, `.run` starts a task. The default.
  case run
  /// Effects are started, reported and cancelled, but their work never runs.
  case tracked
}
