import Trace

/// Profiles a trace: ranks actions, scopes and effects, finds effects that never ended, measures
/// the state, and gives advice. Everything is computed in SQLite through ``TraceReader``'s
/// queries; memory does not grow with the trace.
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
  public static let histogramEdges: [Int64] = [
    1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000,
    2_000_000, 5_000_000, 10_000_000, 16_000_000, 33_000_000, 100_000_000,
  ]

  /// A profiler with `options`.
  public init(options: ProfileOptions = ProfileOptions()) {
    self.options = options
  }

  /// The profile of `trace`.
  public func profile(_ trace: TraceReader) throws -> Profile {
    let totals = try trace.actionTotals()
    let total = max(totals.count, 1)
    let rootNs = max(totals.reducerNanoseconds, 1)
    let statistics = try trace.actionStatistics(
      depth: options.depth, histogramEdges: Self.histogramEdges)
    let actions = statistics.map {
      ActionProfile(
        name: $0.name, count: $0.count, share: Double($0.count) / Double(total),
        peakPerSecond: $0.peakPerSecond, totalNs: $0.totalNanoseconds, meanNs: $0.meanNanoseconds,
        p50Ns: $0.p50Nanoseconds, p95Ns: $0.p95Nanoseconds, p99Ns: $0.p99Nanoseconds,
        maxNs: $0.maxNanoseconds)
    }
    let scopes = try trace.scopeStatistics().map {
      ScopeProfile(
        path: $0.path, calls: $0.calls, selfNs: $0.selfNanoseconds, totalNs: $0.totalNanoseconds,
        shareOfRoot: Double($0.totalNanoseconds) / Double(rootNs))
    }
    let running = try trace.runningEffects(limit: Self.listLimit)
    let runningEffects = running.first.map {
      LeakedEffect(
        id: $0.id, actionSeq: $0.actionSeq, actionName: $0.actionName, name: $0.name,
        location: $0.location, kind: $0.kind, cancelIDs: $0.cancelIDs, startNs: $0.startNanoseconds)
    }
    let finished = trace.header.finishedCleanly
    let effects = EffectsProfile(
      groups: try trace.effectStatistics().map {
        EffectGroupProfile(
          name: $0.key, kind: $0.kind, count: $0.count, lifetimeP50Ns: $0.lifetimeP50Nanoseconds,
          lifetimeP95Ns: $0.lifetimeP95Nanoseconds, lifetimeMaxNs: $0.lifetimeMaxNanoseconds,
          outcomes: $0.outcomes, running: $0.running, cancellationReasons: $0.cancellationReasons,
          actionsSent: $0.actionsSent)
      },
      leaked: finished ? runningEffects : [], leakedCount: finished ? running.count : 0,
      unfinished: finished ? [] : runningEffects,
      fanOut: try trace.effectFanOut(limit: 10).map {
        FanOut(actionSeq: $0.actionSeq, actionName: $0.actionName, effects: $0.effects)
      })
    var sizes = try trace.stateSizes().map { StateSize(seq: $0.seq, bytes: $0.bytes) }
    // NB: The last keyframe can be up to an interval before the end; the final state is rebuilt
    // from it (at most one interval of diffs) so the series ends where the session did.
    if let last = try trace.actionSummary().last, let keyframe = sizes.last, keyframe.seq < last {
      sizes.append(StateSize(seq: last, bytes: try trace.state(at: last).jsonText.utf8.count))
    }
    let state = StateProfile(
      sizes: sizes,
      mostChanged: try trace.mostChangedPaths(limit: Self.listLimit).map {
        PathChanges(path: $0.path, changes: $0.changes)
      })
    let endNs = max(trace.header.endedNanoseconds ?? 0, totals.lastEndNanoseconds)
    return Profile(
      trace: ProfiledTrace(
        path: trace.path, actions: totals.count,
        durationNs: totals.lastEndNanoseconds - totals.firstStartNanoseconds,
        reducerNs: totals.reducerNanoseconds, finishedCleanly: finished,
        endReason: trace.header.endReason),
      actions: actions, scopes: scopes, effects: effects, state: state,
      advice: try Advisor(options: options).findings(
        in: trace, actions: actions, running: effects.leaked),
      timeline: try timeline(of: trace, statistics: statistics, endNs: endNs),
      options: options)
  }

  func timeline(of trace: TraceReader, statistics: [ActionGroupStatistics], endNs: Int64) throws
    -> ProfileTimeline
  {
    // NB: Buckets are aligned to multiples of their width from time 0, so two traces of the same
    // scenario chart alike; a bucket is one second unless that would give too many points.
    let span = max(endNs, 1)
    var bucket: Int64 = 1_000_000_000
    while span / bucket >= Int64(Self.ratePointLimit) { bucket *= 2 }
    // A short session gets narrower buckets (down to 1 ms), so its chart has a shape.
    for narrower: Int64 in [500, 200, 100, 50, 20, 10, 5, 2, 1] where span / bucket < 20 {
      bucket = narrower * 1_000_000
    }
    let counts = try trace.actionRate(bucketNanoseconds: bucket)
    var rate: [RatePoint] = []
    if let first = counts.first, let last = counts.last {
      var byStart = [Int64: Int](uniqueKeysWithValues: counts.map { ($0.start, $0.count) })
      var start = first.start
      while start <= last.start {
        rate.append(RatePoint(startNs: start, count: byStart.removeValue(forKey: start) ?? 0))
        start += bucket
      }
    }
    let edges = Self.histogramEdges
    var histogramCounts = Array(repeating: 0, count: edges.count + 1)
    for group in statistics {
      for (index, count) in group.histogram.enumerated() { histogramCounts[index] += count }
    }
    let histogram = histogramCounts.enumerated().map {
      HistogramBucket(
        lowerNs: $0.offset == 0 ? 0 : edges[$0.offset - 1],
        upperNs: $0.offset < edges.count ? edges[$0.offset] : nil, count: $0.element)
    }
    let effects = try trace.longestEffects(limit: Self.timelineEffectLimit, endNanoseconds: endNs)
      .map {
        EffectBar(
          id: $0.id, actionSeq: $0.actionSeq, name: $0.label, kind: $0.kind, outcome: $0.outcome,
          startNs: $0.startNanoseconds, endNs: $0.endNanoseconds)
      }
    return ProfileTimeline(
      rateBucketNs: bucket, rate: rate, histogram: histogram, effects: effects, endNs: endNs)
  }
}
