import Trace

/// Everything the profiler found in one trace: rankings, effects, state and advice. `Codable`
/// with the keys scripts rely on (`actions`, `scopes`, `effects.leaked`, `advice`); times as
/// `Duration`, written in nanoseconds (`totalNs`).
///
/// The rows (``ActionProfile``, ``ScopeProfile``, ``EffectGroupProfile``, …) are what
/// ``TraceReader``'s profile queries return; ``TraceProfiler`` puts them together.
///
/// ```swift
/// let profile = try TraceProfiler().profile(TraceReader(path: "session.sqlite"))
/// profile.actions.first?.name   // the most frequent action
/// ```
public struct Profile: Codable, Hashable, Sendable {
  /// The trace the profile is of.
  public var trace: ProfiledTrace
  /// Actions by case path (or prefix), most frequent first.
  public var actions: [ActionProfile]
  /// Child scopes by path, most self time first.
  public var scopes: [ScopeProfile]
  /// Effects by name or location, leaks and fan-out.
  public var effects: EffectsProfile
  /// The state's size over time and its busiest paths.
  public var state: StateProfile
  /// Findings, most important rule first.
  public var advice: [Finding]
  /// Downsampled series for charts.
  public var timeline: ProfileTimeline
  /// The options the profile was made with.
  public var options: ProfileOptions
  /// Each trace a profile over several traces is of, in the order given; `nil` for one trace
  /// (whose `trace` says it all).
  public var traces: [ProfiledTrace]? = nil
  /// The traces a profile over several traces left out because they could not be read.
  public var skipped: [SkippedTrace]? = nil
}

/// Effects: by name or location, the ones that never ended, fan-out.
public struct EffectsProfile: Codable, Hashable, Sendable {
  /// Effects grouped by name, else location, else kind; most frequent first.
  public var groups: [EffectGroupProfile]
  /// Effects still running when a cleanly finished recording ended (at most 100; see
  /// `leakedCount`). Empty when the trace did not finish cleanly: see `unfinished`.
  public var leaked: [LeakedEffect]
  /// How many effects leaked in all (`leaked` lists the first 100).
  public var leakedCount: Int
  /// Effects that had not ended when a recording that did not finish cleanly stopped: they may
  /// have ended later, so they are not called leaks.
  public var unfinished: [LeakedEffect]
  /// Actions whose reducers started the most effects.
  public var fanOut: [FanOut]
}

/// The state's size over time and its busiest paths.
public struct StateProfile: Codable, Hashable, Sendable {
  /// Bytes of the state's JSON at each keyframe, and after the last action.
  public var sizes: [StateSize]
  /// Paths that changed most often, element ids collapsed.
  public var mostChanged: [PathChanges]
}
