import Trace

/// Profiles a trace: ranks actions, scopes and effects, finds effects that never ended, measures
/// the state, and gives advice. Everything is computed in SQLite through ``TraceReader``'s
/// profile queries, which return the profile's rows; this puts them together. Memory does not
/// grow with the trace.
///
/// ```swift
/// let trace = try TraceReader(path: "session.sqlite")
/// let profile = try TraceProfiler(options: ProfileOptions(depth: 2)).profile(trace)
/// ```
public struct TraceProfiler: Sendable {
  /// How actions are grouped and what the advice calls too frequent or too slow.
  public var options: ProfileOptions

  /// At most this many leaked effects, fan-out rows and changed paths are listed.
  public static let listLimit = 100
  /// At most this many effects are drawn on the timeline.
  public static let timelineEffectLimit = 200
  /// At most this many points in the rate series; longer traces get wider buckets, short ones
  /// (under 20 s) narrower ones.
  public static let ratePointLimit = 600
  /// Reducer-time histogram edges: 1 µs to 100 ms.
  public static let histogramEdges: [Duration] = [
    1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000,
    2_000_000, 5_000_000, 10_000_000, 16_000_000, 33_000_000, 100_000_000,
  ].map(Duration.nanoseconds)

  /// A profiler with `options`.
  public init(options: ProfileOptions = ProfileOptions()) {
    self.options = options
  }

  /// The profile of `trace`.
  public func profile(_ trace: TraceReader) throws -> Profile {
    let totals = try trace.actionTotals()
    let ranking = try trace.actionProfiles(
      depth: options.depth, histogramEdges: Self.histogramEdges)
    let running = try trace.runningEffects(limit: Self.listLimit)
    let finished = trace.header.finishedCleanly
    let effects = EffectsProfile(
      groups: try trace.effectGroups(),
      leaked: finished ? running.first : [], leakedCount: finished ? running.count : 0,
      unfinished: finished ? [] : running.first, fanOut: try trace.effectFanOut(limit: 10))
    var sizes = try trace.stateSizes()
    // NB: The last keyframe can be up to an interval before the end; the final state is rebuilt
    // from it (at most one interval of diffs) so the series ends where the session did.
    if let last = try trace.actionSummary().last, let keyframe = sizes.last, keyframe.seq < last {
      sizes.append(StateSize(seq: last, bytes: try trace.state(at: last).jsonText.utf8.count))
    }
    let end = max(
      trace.header.endedNanoseconds.map(Duration.nanoseconds) ?? .zero, totals.lastEnd)
    return Profile(
      trace: ProfiledTrace(
        path: trace.path, actions: totals.count, duration: totals.lastEnd - totals.firstStart,
        reducerTime: totals.reducerTime, finishedCleanly: finished,
        endReason: trace.header.endReason),
      actions: ranking.actions,
      scopes: try trace.scopeProfiles(rootReducerTime: totals.reducerTime), effects: effects,
      state: StateProfile(
        sizes: sizes, mostChanged: try trace.mostChangedPaths(limit: Self.listLimit)),
      advice: try Advisor(options: options).findings(
        in: trace, actions: ranking.actions, running: effects.leaked),
      timeline: ProfileTimeline(
        rateBucket: Self.rateBucket(end: end), rate: try rate(of: trace, end: end),
        histogram: ranking.histogram,
        effects: try trace.longestEffects(limit: Self.timelineEffectLimit, end: end), end: end),
      options: options)
  }

  /// The width of the rate series' buckets for a trace that ends at `end`: one second unless
  /// that would give too many points, narrower (down to 1 ms) for a short session so its chart
  /// has a shape.
  ///
  /// NB: Buckets are aligned to multiples of their width from time 0, so two traces of the same
  /// scenario chart alike.
  static func rateBucket(end: Duration) -> Duration {
    let span = max(end.nanosecondCount, 1)
    var bucket: Int64 = 1_000_000_000
    while span / bucket >= Int64(ratePointLimit) { bucket *= 2 }
    for narrower: Int64 in [500, 200, 100, 50, 20, 10, 5, 2, 1] where span / bucket < 20 {
      bucket = narrower * 1_000_000
    }
    return .nanoseconds(bucket)
  }

  /// Actions per bucket from the first bucket with any to the last, empty buckets as 0.
  func rate(of trace: TraceReader, end: Duration) throws -> [RatePoint] {
    let bucket = Self.rateBucket(end: end)
    let counts = try trace.actionRate(bucket: bucket)
    guard let first = counts.first, let last = counts.last else { return [] }
    var byStart = [Duration: Int](uniqueKeysWithValues: counts.map { ($0.start, $0.count) })
    var rate: [RatePoint] = []
    var start = first.start
    while start <= last.start {
      rate.append(RatePoint(start: start, count: byStart.removeValue(forKey: start) ?? 0))
      start += bucket
    }
    return rate
  }
}
