import Profiler
import Trace

/// The profile as terminal text: the top of each ranking as a table, effects that never ended,
/// the state's busiest paths, then the advice with its evidence.
///
/// ```swift
/// print(TextReport(profile: profile, top: 10, color: false).rendered())
/// ```
public struct TextReport: Sendable {
  /// The profile to print.
  public var profile: Profile
  /// A comparison with a baseline, printed as its own table.
  public var comparison: ProfileComparison?
  /// How many rows of each ranking.
  public var top: Int
  /// Whether headings are bold (ANSI).
  public var color: Bool

  /// A report of `profile` showing `top` rows per ranking.
  public init(
    profile: Profile, comparison: ProfileComparison? = nil, top: Int = 10, color: Bool = false
  ) {
    self.profile = profile
    self.comparison = comparison
    self.top = top
    self.color = color
  }

  /// The whole report, ending with a newline.
  public func rendered() -> String {
    var sections = [summary(), actionSections(), scopeSection(), effectSection(), stateSection()]
    if let comparison { sections.append(comparisonSection(comparison)) }
    sections.append(adviceSection())
    return sections.filter { !$0.isEmpty }.joined(separator: "\n\n") + "\n"
  }

  /// The first `count` findings, one line each with their evidence, for the end of
  /// `tca-replay demo` and other short summaries. With no finding it names the most frequent
  /// action and the one with the most reducer time instead, so the line still says something.
  public static func topFindings(of profile: Profile, count: Int = 3) -> String {
    guard !profile.advice.isEmpty else {
      guard let frequent = profile.actions.max(by: { $0.count < $1.count }),
        let costly = profile.actions.max(by: { $0.total < $1.total })
      else { return "Profile: nothing to report." }
      return "Profile: nothing over the thresholds; most frequent \(frequent.name) "
        + "(\(frequent.count)×), most reducer time \(costly.name) "
        + "(\(DurationText.text(costly.total)))."
    }
    var lines = ["Top findings (tca-replay profile for all \(profile.advice.count)):"]
    for finding in profile.advice.prefix(count) {
      let evidence = finding.seqs.prefix(5).map(String.init).joined(separator: ", ")
      lines.append(
        "  [\(finding.rule.rawValue)] \(finding.subject)"
          + (evidence.isEmpty ? "" : " (actions \(evidence))"))
    }
    return lines.joined(separator: "\n")
  }

  func heading(_ text: String) -> String {
    color ? "\u{1B}[1m\(text)\u{1B}[0m" : text
  }

  func summary() -> String {
    if let traces = profile.traces { return manySummary(traces) }
    let trace = profile.trace
    let ending =
      trace.finishedCleanly
      ? "finished cleanly" : "did not finish cleanly (\(trace.endReason ?? "crashed or killed"))"
    return heading("Profile of \(trace.path)") + "\n"
      + "  \(trace.actions) actions over \(DurationText.text(trace.duration)), "
      + "\(DurationText.text(trace.reducerTime)) in reducers; the recording \(ending)"
  }

  func actionSections() -> String {
    guard !profile.actions.isEmpty else { return heading("Actions") + "\n  none recorded" }
    let byCount = actionTable(Array(profile.actions.prefix(top)))
    let byTime = actionTable(
      Array(profile.actions.sorted { ($0.total, $1.name) > ($1.total, $0.name) }.prefix(top)))
    let shown = min(top, profile.actions.count)
    return heading("Most frequent actions (top \(shown) of \(profile.actions.count))") + "\n"
      + byCount + "\n\n"
      + heading("Most expensive actions, by total reducer time (top \(shown))") + "\n" + byTime
  }

  func actionTable(_ actions: [ActionProfile]) -> String {
    var table = TextTable(columns: [
      .left("action"), .right("count"), .right("share"), .right("peak/s"), .right("total"),
      .right("mean"), .right("p50"), .right("p95"), .right("p99"), .right("max"),
    ])
    for action in actions {
      table.append([
        action.name, "\(action.count)", percent(action.share), "\(action.peakPerSecond)",
        DurationText.text(action.total), DurationText.text(action.mean),
        DurationText.text(action.p50), DurationText.text(action.p95),
        DurationText.text(action.p99), DurationText.text(action.max),
      ])
    }
    return table.rendered(indent: 2)
  }

  func scopeSection() -> String {
    guard !profile.scopes.isEmpty else { return "" }
    var table = TextTable(columns: [
      .left("scope"), .right("calls"), .right("self"), .right("total"), .right("of root"),
    ])
    for scope in profile.scopes.prefix(top) {
      table.append([
        scope.path, "\(scope.calls)", DurationText.text(scope.selfTime),
        DurationText.text(scope.total), percent(scope.shareOfRoot),
      ])
    }
    return heading("Child scopes by self time (top \(min(top, profile.scopes.count)))") + "\n"
      + table.rendered(indent: 2)
  }

  func effectSection() -> String {
    let effects = profile.effects
    guard !effects.groups.isEmpty else { return heading("Effects") + "\n  none started" }
    var table = TextTable(columns: [
      .left("effect"), .left("kind"), .right("count"), .right("p50 life"), .right("p95 life"),
      .right("max life"), .left("outcomes"), .right("sent"),
    ])
    for group in effects.groups.prefix(top) {
      var outcomes = Self.outcomeTexts(of: group)
      if group.running > 0 { outcomes.append("running \(group.running)") }
      table.append([
        group.name, group.kind.description, "\(group.count)",
        group.lifetimeP50.map(DurationText.text) ?? "-",
        group.lifetimeP95.map(DurationText.text) ?? "-",
        group.lifetimeMax.map(DurationText.text) ?? "-", outcomes.joined(separator: ", "),
        "\(group.actionsSent)",
      ])
    }
    var text =
      heading("Effects by name or location (top \(min(top, effects.groups.count)))") + "\n"
      + table.rendered(indent: 2)
    let reasons = effects.groups.flatMap { group in
      Self.reasonTexts(of: group).map { "\(group.name): \($0.text) ×\($0.count)" }
    }.sorted()
    if !reasons.isEmpty {
      text += "\n  cancelled: " + reasons.prefix(top).joined(separator: "; ")
    }
    if !effects.leaked.isEmpty {
      text += "\n\n" + heading("Leaked effects (\(effects.leakedCount) still running at the end)")
      for leak in effects.leaked.prefix(top) {
        text +=
          "\n  effect \(leak.id) \(leak.label), started by \(leak.actionName) (action "
          + "\(leak.actionSeq)\(Self.inTrace(leak.trace)))"
      }
    } else if !effects.unfinished.isEmpty {
      text +=
        "\n\n"
        + heading(
          "Effects running when the recording stopped (it did not finish cleanly: not called leaks)"
        )
      for effect in effects.unfinished.prefix(top) {
        text +=
          "\n  effect \(effect.id) \(effect.label), started by \(effect.actionName) "
          + "(action \(effect.actionSeq)\(Self.inTrace(effect.trace)))"
      }
    } else {
      text += "\n  no leaks: every effect ended"
    }
    let fanOut = effects.fanOut.filter { $0.effects > 1 }
    if !fanOut.isEmpty {
      text +=
        "\n  fan-out: "
        + fanOut.prefix(top).map {
          "\($0.actionName) (action \($0.actionSeq)\(Self.inTrace($0.trace))) "
            + "started \($0.effects)"
        }
        .joined(separator: "; ")
    }
    return text
  }

  func stateSection() -> String {
    let state = profile.state
    var text: String
    if let first = state.sizes.first, let last = state.sizes.last {
      let points = "\(state.sizes.count) point\(state.sizes.count == 1 ? "" : "s")"
      text =
        heading("State") + "\n  \(first.bytes) bytes at action \(first.seq), \(last.bytes) bytes "
        + "after the last action, \(last.seq) (\(points))"
    } else if profile.traces != nil, !state.mostChanged.isEmpty {
      // NB: Over several traces there is no one state to measure, only paths to count.
      text = heading("State")
    } else {
      return ""
    }
    if !state.mostChanged.isEmpty {
      var table = TextTable(columns: [.left("most changed path"), .right("changes")])
      for path in state.mostChanged.prefix(top) { table.append([path.path, "\(path.changes)"]) }
      text += "\n" + table.rendered(indent: 2)
    }
    return text
  }

  func comparisonSection(_ comparison: ProfileComparison) -> String {
    var table = TextTable(columns: [
      .left("action"), .right("count"), .right("change"), .right("p95"), .right("change"),
    ])
    let changes = comparison.actions.sorted {
      (abs($0.p95Change ?? 0), $1.name) > (abs($1.p95Change ?? 0), $0.name)
    }
    for change in changes.prefix(top) {
      table.append([
        change.name, "\(change.baselineCount) → \(change.count)", signedPercent(change.countChange),
        "\(DurationText.text(change.baselineP95)) → \(DurationText.text(change.p95))",
        signedPercent(change.p95Change),
      ])
    }
    var text =
      heading("Against the baseline \(comparison.baselinePath)") + "\n" + table.rendered(indent: 2)
    if !comparison.newActions.isEmpty {
      text += "\n  new actions: " + comparison.newActions.joined(separator: ", ")
    }
    if !comparison.vanishedActions.isEmpty {
      text += "\n  vanished actions: " + comparison.vanishedActions.joined(separator: ", ")
    }
    text +=
      "\n  new leaks: "
      + (comparison.newLeaks.isEmpty
        ? "none" : comparison.newLeaks.map(\.label).joined(separator: ", "))
    return text
  }

  func adviceSection() -> String {
    guard !profile.advice.isEmpty else { return heading("Advice") + "\n  nothing to report" }
    var lines = [heading("Advice (\(profile.advice.count))")]
    for finding in profile.advice {
      lines.append("  [\(finding.rule.rawValue)] \(finding.message)")
      if !finding.seqs.isEmpty {
        lines.append(
          "    evidence: actions " + finding.seqs.map(String.init).joined(separator: ", ")
            + Self.inTrace(finding.trace))
      }
      if let sites = finding.sites {
        lines.append("    sent from: " + Self.sitesText(sites))
      }
      if let race = finding.race {
        lines.append("    confirm: " + race.command)
      }
    }
    return lines.joined(separator: "\n")
  }

  /// `300 × SearchView.swift:42, 12 × SearchView.swift:57`: where actions were
  /// sent from, with how many each place sent.
  static func sitesText(_ sites: [SendSiteCount]) -> String {
    sites.map { "\($0.count) × \($0.site)" }.joined(separator: ", ")
  }

  /// `finished 3`, `cancelled 1`, …: a group's outcomes as text, in the order of their text.
  static func outcomeTexts(of group: EffectGroupProfile) -> [String] {
    group.outcomes.map { (text: $0.key.rawValue, count: $0.value) }.sorted { $0.text < $1.text }
      .map { "\($0.text) \($0.count)" }
  }

  /// A group's cancellation reasons as display text (`cancel(id: timer)`) with their counts, in
  /// the order of their text; reasons that read alike count together.
  static func reasonTexts(of group: EffectGroupProfile) -> [(text: String, count: Int)] {
    let byText = Dictionary(
      group.cancellationReasons.map { ($0.key.description, $0.value) }, uniquingKeysWith: +)
    return byText.map { (text: $0.key, count: $0.value) }.sorted { $0.text < $1.text }
  }

  func percent(_ share: Double) -> String {
    DurationText.fixed(share * 100, digits: 1) + "%"
  }

  func signedPercent(_ change: Double?) -> String {
    guard let change else { return "-" }
    return (change >= 0 ? "+" : "") + DurationText.fixed(change * 100, digits: 0) + "%"
  }
}
