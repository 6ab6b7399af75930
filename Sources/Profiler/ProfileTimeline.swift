/// Series for charts, small whatever the trace's length: actions per bucket, a reducer-time
/// histogram and the longest-lived effects.
public struct ProfileTimeline: Codable, Hashable, Sendable {
  /// The width of one rate bucket: one second, wider for long traces, narrower (to 1 ms) for
  /// short ones.
  public var rateBucketNs: Int64
  /// Actions per bucket, from the first bucket with any; buckets without actions are 0.
  public var rate: [RatePoint]
  /// Reducer times by bucket: `[lowerNs, upperNs)` (no `upperNs` for the last).
  public var histogram: [HistogramBucket]
  /// The longest-lived effects (at most 200), in start order.
  public var effects: [EffectBar]
  /// When the recording ended, or the last action did.
  public var endNs: Int64
}

/// Actions in one bucket of time.
public struct RatePoint: Codable, Hashable, Sendable {
  /// Where the bucket starts.
  public var startNs: Int64
  /// How many actions started in it.
  public var count: Int
}

/// How many reducer runs took between two times.
public struct HistogramBucket: Codable, Hashable, Sendable {
  /// The shortest duration in the bucket.
  public var lowerNs: Int64
  /// The bucket holds durations under this; `nil` for the last bucket.
  public var upperNs: Int64?
  /// How many reducer runs.
  public var count: Int
}

/// One effect's life on a timeline.
public struct EffectBar: Codable, Hashable, Sendable {
  /// The store's effect number.
  public var id: Int64
  /// The action whose reducer started it.
  public var actionSeq: Int64
  /// Its name, else location, else kind.
  public var name: String
  /// Its kind as stored.
  public var kind: String
  /// `finished`, `cancelled`, `failed`, or `nil` while it never ended.
  public var outcome: String?
  /// When it started.
  public var startNs: Int64
  /// When it ended; `nil` when it never did.
  public var endNs: Int64?
}
