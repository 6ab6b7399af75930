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
}

/// The trace a profile is of.
public struct ProfiledTrace: Codable, Hashable, Sendable {
  /// The trace file.
  public var path: String
  /// How many actions it recorded.
  public var actions: Int
  /// From the first action's start to the last one's end.
  public var durationNs: Int64
  /// Time in the root reducer over all actions.
  public var reducerNs: Int64
  /// Whether the recording finished and flushed everything (`false` after a crash or kill).
  public var finishedCleanly: Bool
  /// How the recording ended (`finished`, or the error that stopped it).
  public var endReason: String?
}

/// One row of the action ranking.
public struct ActionProfile: Codable, Hashable, Sendable {
  /// The case path, or a prefix ending in `.*` with `depth`.
  public var name: String
  /// How many actions.
  public var count: Int
  /// `count` over all actions, 0…1.
  public var share: Double
  /// The most in any one-second window.
  public var peakPerSecond: Int
  /// Reducer time over all of them.
  public var totalNs: Int64
  /// Mean reducer time.
  public var meanNs: Int64
  /// Median reducer time (nearest rank).
  public var p50Ns: Int64
  /// 95th percentile of reducer time (nearest rank).
  public var p95Ns: Int64
  /// 99th percentile of reducer time (nearest rank).
  public var p99Ns: Int64
  /// The longest reducer run.
  public var maxNs: Int64
}

/// One row of the scope ranking.
public struct ScopeProfile: Codable, Hashable, Sendable {
  /// `/`-separated path from the root; element ids collapsed to `*`.
  public var path: String
  /// How many times the scope ran.
  public var calls: Int64
  /// Time in the scope's own reducers.
  public var selfNs: Int64
  /// Time including its child scopes.
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
  /// How many effects leaked in all (`leaked` lists the first 100).
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
  /// Their kind as stored: `run`, `send` or `presentation`.
  public var kind: String
  /// How many started.
  public var count: Int
  /// Median lifetime of those that ended (nearest rank).
  public var lifetimeP50Ns: Int64?
  /// 95th percentile lifetime of those that ended.
  public var lifetimeP95Ns: Int64?
  /// The longest lifetime of those that ended.
  public var lifetimeMaxNs: Int64?
  /// How many ended each way (`finished`, `cancelled`, `failed`) and how many never did.
  public var outcomes: [String: Int]
  /// How many never ended.
  public var running: Int
  /// How many were cancelled, by reason.
  public var cancellationReasons: [String: Int]
  /// Actions they sent back, in all.
  public var actionsSent: Int64
}

/// An effect that never ended.
public struct LeakedEffect: Codable, Hashable, Sendable {
  /// The store's effect number.
  public var id: Int64
  /// The action whose reducer started it.
  public var actionSeq: Int64
  /// The case path of that action.
  public var actionName: String
  /// The `.run(name:)`, if it had one.
  public var name: String?
  /// `file:line` of the `.run`.
  public var location: String?
  /// Its kind as stored: `run`, `send` or `presentation`.
  public var kind: String
  /// The ids it can be cancelled with, innermost first.
  public var cancelIDs: [String]
  /// When it started.
  public var startNs: Int64

  /// What the effect is called in reports and baselines: its name, else location, else kind.
  public var label: String { name ?? location ?? kind }
}

/// An action that started several effects.
public struct FanOut: Codable, Hashable, Sendable {
  /// The action.
  public var actionSeq: Int64
  /// Its case path.
  public var actionName: String
  /// How many effects its reducer started.
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
  /// The action after which the state was measured (0: the initial state).
  public var seq: Int64
  /// Bytes of the state's JSON.
  public var bytes: Int
}

/// How often one state path changed.
public struct PathChanges: Codable, Hashable, Sendable {
  /// The state path, element ids collapsed to `*`.
  public var path: String
  /// How many actions changed it.
  public var changes: Int
}
