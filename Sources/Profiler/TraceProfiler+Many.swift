import Trace

extension TraceProfiler {
  /// One profile over the traces at `paths`: counts and totals summed, percentiles over every
  /// action and effect of all of them, peak rates and leaks per trace. A trace that cannot be
  /// opened or read is left out and listed in the profile's `skipped` with its reason.
  ///
  /// The profile's `trace` is named `label` and sums the traces' actions, durations and reducer
  /// times; `traces` lists each one. Rates over time do not add up across recordings, so the
  /// timeline keeps the histogram only; state sizes are per recording and left out, the most
  /// changed paths are summed. Findings name the trace their evidence is in, the first trace
  /// for each rule and subject.
  ///
  /// ```swift
  /// let profile = await TraceProfiler().profile(paths: ["a.sqlite", "b.sqlite"], label: "2")
  /// profile.actions.first?.p95  // over the actions of both
  /// ```
  public func profile(paths: [String], label: String) async -> Profile {
    // NB: Each trace has its own connection and nothing is shared, so traces are read on every
    // core; the combination below is in the order given, so the result does not depend on
    // which finished first.
    let results = await withTaskGroup(
      of: (Int, Result<TraceContribution, any Error>).self
    ) { group in
      for (index, path) in paths.enumerated() {
        group.addTask { (index, Result { try self.contribution(of: path) }) }
      }
      var results = [Result<TraceContribution, any Error>?](repeating: nil, count: paths.count)
      for await (index, result) in group { results[index] = result }
      return results
    }
    var parts: [TraceContribution] = []
    var skipped: [SkippedTrace] = []
    for (path, result) in zip(paths, results) {
      switch result {
      case let .success(part)?: parts.append(part)
      case let .failure(error)?: skipped.append(SkippedTrace(path: path, error: error))
      case nil: break
      }
    }
    var profile = self.combine(parts, label: label)
    profile.skipped = skipped
    return profile
  }

  /// What one trace adds to a profile over several.
  func contribution(of path: String) throws -> TraceContribution {
    let trace = try TraceReader(path: path)
    return TraceContribution(
      profile: try self.profile(trace), durations: try trace.actionDurations(depth: options.depth),
      lifetimes: try trace.effectLifetimes(), changes: try trace.mostChangedPaths(limit: -1))
  }

  /// The profile over `parts`, in their order.
  func combine(_ parts: [TraceContribution], label: String) -> Profile {
    let traces = parts.map(\.profile.trace)
    let reducerTime = traces.reduce(Duration.zero) { $0 + $1.reducerTime }
    let effects = parts.map(\.profile.effects)
    let leaked = parts.flatMap { part in
      part.profile.effects.leaked.map { $0.in(part.profile.trace.path) }
    }
    let unfinished = parts.flatMap { part in
      part.profile.effects.unfinished.map { $0.in(part.profile.trace.path) }
    }
    let fanOut = parts.flatMap { part in
      part.profile.effects.fanOut.map { row in
        var row = row
        row.trace = part.profile.trace.path
        return row
      }
    }
    return Profile(
      trace: ProfiledTrace(
        path: label, actions: traces.reduce(0) { $0 + $1.actions },
        duration: traces.reduce(.zero) { $0 + $1.duration }, reducerTime: reducerTime,
        finishedCleanly: traces.allSatisfy(\.finishedCleanly),
        endReason: traces.first { !$0.finishedCleanly }.map {
          "\($0.path): \($0.endReason ?? "crashed or killed")"
        }),
      actions: Self.actions(of: parts),
      scopes: Self.scopes(of: parts.map(\.profile.scopes), reducerTime: reducerTime),
      effects: EffectsProfile(
        groups: Self.effectGroups(of: parts),
        leaked: Array(leaked.prefix(Self.listLimit)),
        leakedCount: effects.reduce(0) { $0 + $1.leakedCount },
        unfinished: Array(unfinished.prefix(Self.listLimit)),
        fanOut: Array(
          fanOut.enumerated()
            .sorted { ($0.element.effects, $1.offset) > ($1.element.effects, $0.offset) }
            .map(\.element).prefix(10))),
      state: StateProfile(sizes: [], mostChanged: Self.mostChanged(of: parts.map(\.changes))),
      advice: Self.advice(of: parts.map(\.profile)),
      timeline: ProfileTimeline(
        rateBucket: .seconds(1), rate: [],
        histogram: Self.histogram(of: parts.map(\.profile.timeline.histogram)), effects: [],
        end: parts.map(\.profile.timeline.end).max() ?? .zero),
      options: options, traces: traces)
  }

  /// The action ranking over every trace: counts, totals and maxima summed, percentiles over
  /// every sample, the peak rate the highest any one trace reached.
  static func actions(of parts: [TraceContribution]) -> [ActionProfile] {
    var rows: [String: ActionProfile] = [:]
    for part in parts {
      for action in part.profile.actions {
        guard var row = rows[action.name] else {
          rows[action.name] = action
          continue
        }
        row.count += action.count
        row.total += action.total
        row.max = Swift.max(row.max, action.max)
        row.peakPerSecond = Swift.max(row.peakPerSecond, action.peakPerSecond)
        rows[action.name] = row
      }
    }
    let all = Swift.max(rows.values.reduce(0) { $0 + $1.count }, 1)
    for (name, var row) in rows {
      let samples = parts.flatMap { $0.durations[name] ?? [] }.sorted()
      row.share = Double(row.count) / Double(all)
      row.mean = .nanoseconds(row.total.nanosecondCount / Int64(Swift.max(row.count, 1)))
      row.p50 = .nanoseconds(nearestRank(samples, 50) ?? 0)
      row.p95 = .nanoseconds(nearestRank(samples, 95) ?? 0)
      row.p99 = .nanoseconds(nearestRank(samples, 99) ?? 0)
      rows[name] = row
    }
    return rows.values.sorted { ($0.count, $1.name) > ($1.count, $0.name) }
  }

  /// The value at nearest rank ceil(p·n) of `sorted`, as the single trace's queries take it.
  static func nearestRank(_ sorted: [Int64], _ percent: Int) -> Int64? {
    guard !sorted.isEmpty else { return nil }
    return sorted[(sorted.count * percent + 99) / 100 - 1]
  }

  /// The scope ranking summed over every trace, shares of the root reducer's time over all.
  static func scopes(of rankings: [[ScopeProfile]], reducerTime: Duration) -> [ScopeProfile] {
    var rows: [String: ScopeProfile] = [:]
    for scope in rankings.joined() {
      guard var row = rows[scope.path] else {
        rows[scope.path] = scope
        continue
      }
      row.calls += scope.calls
      row.selfTime += scope.selfTime
      row.total += scope.total
      rows[scope.path] = row
    }
    let root = Double(Swift.max(reducerTime.nanosecondCount, 1))
    return rows.values.map { row in
      var row = row
      row.shareOfRoot = Double(row.total.nanosecondCount) / root
      return row
    }.sorted { ($0.selfTime, $1.path) > ($1.selfTime, $0.path) }
  }

  /// The effect groups summed over every trace, lifetimes over every effect that ended.
  static func effectGroups(of parts: [TraceContribution]) -> [EffectGroupProfile] {
    var rows: [String: EffectGroupProfile] = [:]
    for group in parts.flatMap(\.profile.effects.groups) {
      guard var row = rows[group.name] else {
        rows[group.name] = group
        continue
      }
      row.count += group.count
      row.running += group.running
      row.actionsSent += group.actionsSent
      row.outcomes.merge(group.outcomes, uniquingKeysWith: +)
      row.cancellationReasons.merge(group.cancellationReasons, uniquingKeysWith: +)
      rows[group.name] = row
    }
    for (name, var row) in rows {
      let lifetimes = parts.flatMap { $0.lifetimes[name] ?? [] }.sorted()
      row.lifetimeP50 = nearestRank(lifetimes, 50).map(Duration.nanoseconds)
      row.lifetimeP95 = nearestRank(lifetimes, 95).map(Duration.nanoseconds)
      row.lifetimeMax = lifetimes.last.map(Duration.nanoseconds)
      rows[name] = row
    }
    return rows.values.sorted { ($0.count, $1.name) > ($1.count, $0.name) }
  }

  /// Changes per path summed over every trace, most first, at most ``listLimit``.
  static func mostChanged(of lists: [[PathChanges]]) -> [PathChanges] {
    var changes: [String: Int] = [:]
    for path in lists.joined() { changes[path.path, default: 0] += path.changes }
    return changes.map { PathChanges(path: $0.key, changes: $0.value) }
      .sorted { ($0.changes, $1.path) > ($1.changes, $0.path) }.prefix(listLimit).map { $0 }
  }

  /// The histograms' buckets added up (every trace uses ``histogramEdges``).
  static func histogram(of histograms: [[HistogramBucket]]) -> [HistogramBucket] {
    guard var sum = histograms.first else { return [] }
    for histogram in histograms.dropFirst() {
      for (index, bucket) in histogram.enumerated() where index < sum.count {
        sum[index].count += bucket.count
      }
    }
    return sum
  }

  /// One finding per rule and subject (and effect, for overlapping effects), from the first
  /// trace that has it, naming that trace; in rule order.
  static func advice(of profiles: [Profile]) -> [Finding] {
    var seen: Set<[String]> = []
    var findings: [Finding] = []
    for profile in profiles {
      for finding in profile.advice {
        let key = [finding.rule.rawValue, finding.subject, finding.race?.effect ?? ""]
        guard seen.insert(key).inserted else { continue }
        var finding = finding
        finding.trace = profile.trace.path
        findings.append(finding)
      }
    }
    let order = Dictionary(
      uniqueKeysWithValues: Finding.Rule.allCases.enumerated().map { ($1, $0) })
    return findings.enumerated().sorted {
      (order[$0.element.rule] ?? 0, $0.offset) < (order[$1.element.rule] ?? 0, $1.offset)
    }.map(\.element)
  }
}

/// What one trace adds to a profile over several: its own profile, and the samples percentiles
/// over several traces need.
struct TraceContribution: Sendable {
  var profile: Profile
  /// Reducer times by action group.
  var durations: [String: [Int64]]
  /// Lifetimes of the effects that ended, by effect group.
  var lifetimes: [String: [Int64]]
  /// Every changed path, not only the most changed.
  var changes: [PathChanges]
}

extension LeakedEffect {
  /// The same effect, naming the trace it is in.
  func `in`(_ trace: String) -> LeakedEffect {
    var effect = self
    effect.trace = trace
    return effect
  }
}
