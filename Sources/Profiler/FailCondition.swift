import Trace

/// A CI threshold such as `p95>+20%`, `count>+50%` or `leaks>0`, parsed from `--fail-on`.
///
/// Relative limits (`+20%`) compare with a baseline, per action; absolute ones apply to the
/// current profile alone: `p95>16ms` per action, `leaks>0` for the leaked effects (new ones when
/// there is a baseline).
///
/// ```swift
/// let conditions = try FailCondition.parseList("p95>+20%,count>+50%,leaks>0")
/// let crossed = conditions.flatMap { $0.violations(of: profile, comparedWith: comparison) }
/// ```
public struct FailCondition: Hashable, Sendable, CustomStringConvertible {
  /// What a condition measures.
  public enum Metric: String, CaseIterable, Sendable {
    case count, mean, p50, p95, p99, max, total, leaks
  }

  /// The limit: a relative change against the baseline, or a value.
  public enum Limit: Hashable, Sendable {
    case relative(Double)
    case absolute(Double)
  }

  /// What the condition measures.
  public var metric: Metric
  /// The limit it must not cross.
  public var limit: Limit
  /// The condition as written: `p95>+20%`.
  public let description: String

  /// Why `--fail-on` could not be read: the expression and what was expected.
  public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was expected and what was found, in one line.
    public var description: String
  }

  /// Parses one condition: `METRIC>LIMIT`, the limit `+N%`/`-N%` (relative), a number with an
  /// optional `ns`, `us`, `µs`, `ms` or `s` (absolute), or a count.
  public init(parsing text: String) throws {
    let trimmed = text.trimmingSpaces()
    let parts = trimmed.split(separator: ">", maxSplits: 1, omittingEmptySubsequences: false)
    guard parts.count == 2, let metric = Metric(rawValue: parts[0].trimmingSpaces()) else {
      throw ParseError(
        description: "expected a condition like p95>+20% (metrics: "
          + Metric.allCases.map(\.rawValue).joined(separator: ", ") + "), found '\(trimmed)'")
    }
    let limit = parts[1].trimmingSpaces()
    let percent = limit.hasSuffix("%")
    if percent, limit.first == "+" || limit.first == "-",
      let value = Double(limit.dropFirst().dropLast())
    {
      guard metric == .count || metric == .p95 else {
        throw ParseError(
          description: "expected a relative limit only for count or p95 (the baseline "
            + "comparison's measures), found '\(trimmed)'")
      }
      self.limit = .relative((limit.first == "-" ? -value : value) / 100)
    } else if let value = Self.absolute(limit, isTime: ![.count, .leaks].contains(metric)) {
      self.limit = .absolute(value)
    } else {
      throw ParseError(
        description: "expected a limit like +20%, 16ms or 0 in '\(trimmed)', found '\(limit)'")
    }
    self.metric = metric
    self.description = trimmed
  }

  /// Parses a comma-separated list.
  public static func parseList(_ text: String) throws -> [FailCondition] {
    let items = text.split(separator: ",").map(String.init)
    guard !items.isEmpty else {
      throw ParseError(description: "expected conditions like p95>+20%,leaks>0, found nothing")
    }
    return try items.map(FailCondition.init(parsing:))
  }

  static func absolute(_ text: String, isTime: Bool) -> Double? {
    let units: [(String, Double)] = [("ns", 1), ("µs", 1e3), ("us", 1e3), ("ms", 1e6), ("s", 1e9)]
    if isTime {
      for (suffix, scale) in units where text.hasSuffix(suffix) {
        if let value = Double(text.dropLast(suffix.count)) { return value * scale }
      }
    }
    return Double(text)
  }

  /// Whether the condition needs a baseline.
  public var needsBaseline: Bool {
    if case .relative = limit { true } else { false }
  }

  /// One line per crossing: which action (or the leaks) and by how much.
  public func violations(of profile: Profile, comparedWith comparison: ProfileComparison?)
    -> [String]
  {
    if metric == .leaks {
      let leaks = comparison.map { $0.newLeaks.count } ?? profile.effects.leakedCount
      guard case let .absolute(limit) = limit, Double(leaks) > limit else { return [] }
      return ["\(description): \(leaks) \(comparison == nil ? "" : "new ")leaked effects"]
    }
    switch limit {
    case let .absolute(limit):
      return profile.actions.compactMap { action in
        let value = Double(self.value(of: action))
        guard value > limit else { return nil }
        return "\(description): \(action.name) \(metric.rawValue) \(self.text(value))"
      }
    case let .relative(limit):
      guard let comparison else { return [] }
      let current = Dictionary(
        profile.actions.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
      return comparison.actions.compactMap { change in
        guard let action = current[change.name] else { return nil }
        let before = Double(baselineValue(of: change, fallback: action))
        let now = Double(value(of: action))
        guard before > 0, (now - before) / before > limit else { return nil }
        return "\(description): \(change.name) \(metric.rawValue) \(text(before)) → \(text(now)) "
          + "(+\(DurationText.fixed((now - before) / before * 100, digits: 0))%)"
      }
    }
  }

  /// The measured value: a count, or a time in nanoseconds.
  func value(of action: ActionProfile) -> Int64 {
    switch metric {
    case .count, .leaks: Int64(action.count)
    case .mean: action.mean.nanosecondCount
    case .p50: action.p50.nanosecondCount
    case .p95: action.p95.nanosecondCount
    case .p99: action.p99.nanosecondCount
    case .max: action.max.nanosecondCount
    case .total: action.total.nanosecondCount
    }
  }

  /// The baseline's value: relative limits exist for count and p95 only (the parser sees to it).
  func baselineValue(of change: ProfileComparison.ActionChange, fallback: ActionProfile) -> Int64 {
    metric == .count ? Int64(change.baselineCount) : change.baselineP95.nanosecondCount
  }

  func text(_ value: Double) -> String {
    metric == .count ? "\(Int64(value))" : DurationText.text(Int64(value))
  }
}

extension StringProtocol {
  func trimmingSpaces() -> String {
    String(self.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
