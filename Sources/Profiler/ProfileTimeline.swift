import Trace

/// Series for charts, small whatever the trace's length: actions per bucket, a reducer-time
/// histogram and the longest-lived effects.
///
/// ```swift
/// let timeline = try TraceProfiler().profile(trace).timeline
/// timeline.rate.map(\.count)  // actions per `timeline.rateBucket`
/// ```
public struct ProfileTimeline: Hashable, Sendable {
  /// The width of one rate bucket: one second, wider for long traces, narrower (to 1 ms) for
  /// short ones (JSON `rateBucketNs`).
  public var rateBucket: Duration
  /// Actions per bucket, from the first bucket with any; buckets without actions are 0.
  public var rate: [RatePoint]
  /// Reducer times by bucket: `[lower, upper)` (no `upper` for the last).
  public var histogram: [HistogramBucket]
  /// The longest-lived effects (at most 200), in start order.
  public var effects: [EffectBar]
  /// When the recording ended, or the last action did (JSON `endNs`).
  public var end: Duration

  /// A timeline from its fields.
  public init(
    rateBucket: Duration, rate: [RatePoint], histogram: [HistogramBucket], effects: [EffectBar],
    end: Duration
  ) {
    self.rateBucket = rateBucket
    self.rate = rate
    self.histogram = histogram
    self.effects = effects
    self.end = end
  }
}

extension ProfileTimeline: Codable {
  enum CodingKeys: String, CodingKey {
    case rate, histogram, effects
    case rateBucket = "rateBucketNs"
    case end = "endNs"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      rateBucket: try container.decodeNanoseconds(forKey: .rateBucket),
      rate: try container.decode([RatePoint].self, forKey: .rate),
      histogram: try container.decode([HistogramBucket].self, forKey: .histogram),
      effects: try container.decode([EffectBar].self, forKey: .effects),
      end: try container.decodeNanoseconds(forKey: .end))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(nanoseconds: self.rateBucket, forKey: .rateBucket)
    try container.encode(self.rate, forKey: .rate)
    try container.encode(self.histogram, forKey: .histogram)
    try container.encode(self.effects, forKey: .effects)
    try container.encode(nanoseconds: self.end, forKey: .end)
  }
}
