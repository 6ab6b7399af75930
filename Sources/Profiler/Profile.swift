/// Everything the profiler found in one trace: rankings, effects, state and advice. `Codable`
/// with the keys scripts rely on (`actions`, `scopes`, `effects.leaked`, `advice`); times in
/// nanoseconds.
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
  public var effects: EffectsProfile
  public var state: StateProfile
  /// Findings, most important rule first.
  public var advice: [Finding]
  /// Downsampled series for charts.
  public var timeline: ProfileTimeline
  /// The options the profile was made with.
  public var options: ProfileOptions
}

/// The trace a profile is of.
public struct ProfiledTrace: Codable, Hashable, Sendable {
  public var path: String
  public var actions: Int
  /// From the first action's start to the last one's end.
  public var durationNs: Int64
  /// Time in the root reducer over all actions.
  public var reducerNs: Int64
  /// Whether the recording finished and flushed everything (`false` after a crash or kill).
  public var finishedCleanly: Bool
  public var endReason: String?
}

/// One row of the action ranking.
public struct ActionProfile: Codable, Hashable, Sendable {
  /// The case path, or a prefix ending in `.*` with `depth`.
  public var name: String
  public var count: Int
  /// `count` over all actions, 0…1.
  public var share: Double
  /// The most in any one-second window.
  public var peakPerSecond: Int
  public var totalNs: Int64
  public var meanNs: Int64
  public var p50Ns: Int64
  public var p95Ns: Int64
  public var p99Ns: Int64
  public var maxNs: Int64
}

/// One row of the scope ranking.
public struct ScopeProfile: Codable, Hashable, Sendable {
  /// `/`-separated path from the root; element ids collapsed to `*`.
  public var path: String
  public var calls: Int64
  public var selfNs: Int64
  public var totalNs: Int64
  /// `totalNs` over the root reducer's time, 0…1.
  public var shareOfRoot: Double
}

/// Effects: by name or location, the ones that never ended, fan-out.
public struct EffectsProfile: Codable, Hashable, Sendable {
  /// Effects grouped by name, else location, else kind; most frequent first.
  public var groups: [EffectGroupProfile]
  /// Effects still running when a cleanly finished recording ended (at most 100; see
  /// `leakedCount`). Empty when the trace did not finish cleanly: see `unfinished`.
  public var leaked: [LeakedEffect]
  public var leakedCount: Int
  /// Effects that had not ended when a recording that did not finish cleanly stopped: they may
  /// have ended later, so they are not called leaks.
  public var unfinished: [LeakedEffect]
  /// Actions whose reducers started the most effects.
  public var fanOut: [FanOut]
}

/// One group of effects.
public struct EffectGroupProfile: Codable, Hashable, Sendable {
  /// The `.run(name:)`, else `file:line`, else the kind.
  public var name: String
  public var kind: String
  public var count: Int
  public var lifetimeP50Ns: Int64?
  public var lifetimeP95Ns: Int64?
  public var lifetimeMaxNs: Int64?
  /// How many ended each way (`finished`, `cancelled`, `failed`) and how many never did.
  public var outcomes: [String: Int]
  public var running: Int
  /// How many were cancelled, by reason.
  public var cancellationReasons: [String: Int]
  public var actionsSent: Int64
}

/// An effect that never ended.
public struct LeakedEffect: Codable, Hashable, Sendable {
  public var id: Int64
  /// The action whose reducer started it.
  public var actionSeq: Int64
  public var actionName: String
  public var name: String?
  public var location: String?
  public var kind: String
  public var cancelIDs: [String]
  public var startNs: Int64

  /// What the effect is called in reports and baselines: its name, else location, else kind.
  public var label: String { name ?? location ?? kind }
}

/// An action that started several effects.
public struct FanOut: Codable, Hashable, Sendable {
  public var actionSeq: Int64
  public var actionName: String
  public var effects: Int
}

/// The state's size over time and its busiest paths.
public struct StateProfile: Codable, Hashable, Sendable {
  /// Bytes of the state's JSON at each keyframe, and after the last action.
  public var sizes: [StateSize]
  /// Paths that changed most often, element ids collapsed.
  public var mostChanged: [PathChanges]
}

/// The state's size after one action.
public struct StateSize: Codable, Hashable, Sendable {
  public var seq: Int64
  public var bytes: Int
}

/// How often one state path changed.
public struct PathChanges: Codable, Hashable, Sendable {
  public var path: String
  public var changes: Int
}
