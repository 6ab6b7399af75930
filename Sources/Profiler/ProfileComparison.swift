import Trace

/// Two profiles of the same scenario side by side: per action, how count and p95 changed; which
/// actions are new or gone; which effects leak now that did not before.
///
/// ```swift
/// let comparison = ProfileComparison(baseline: old, current: new)
/// comparison.actions.filter { ($0.p95Change ?? 0) > 0.2 }
/// ```
public struct ProfileComparison: Codable, Hashable, Sendable {
  /// One action present in both profiles.
  public struct ActionChange: Hashable, Sendable {
    /// The case path (or prefix).
    public var name: String
    /// How many in the baseline.
    public var baselineCount: Int
    /// How many now.
    public var count: Int
    /// The baseline's p95 reducer time (JSON `baselineP95Ns`).
    public var baselineP95: Duration
    /// The p95 reducer time now (JSON `p95Ns`).
    public var p95: Duration
    /// Relative changes (0.2: 20% more); `nil` when the baseline is 0.
    public var countChange: Double?
    /// Relative change of p95 (0.5: 50% slower); `nil` when the baseline is 0.
    public var p95Change: Double?
  }

  /// The baseline trace.
  public var baselinePath: String
  /// Every action in both, in the current ranking's order.
  public var actions: [ActionChange]
  /// Actions only in the current profile, and only in the baseline.
  public var newActions: [String]
  public var vanishedActions: [String]
  /// Leaked effects whose name or location did not leak in the baseline.
  public var newLeaks: [LeakedEffect]

  /// Compares `current` with `baseline`, both profiled with the same options.
  public init(baseline: Profile, current: Profile) {
    let old = Dictionary(baseline.actions.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    let names = Set(current.actions.map(\.name))
    self.baselinePath = baseline.trace.path
    self.actions = current.actions.compactMap { action in
      guard let before = old[action.name] else { return nil }
      return ActionChange(
        name: action.name, baselineCount: before.count, count: action.count,
        baselineP95: before.p95, p95: action.p95,
        countChange: Self.change(from: Double(before.count), to: Double(action.count)),
        p95Change: Self.change(
          from: Double(before.p95.nanosecondCount), to: Double(action.p95.nanosecondCount)))
    }
    self.newActions = current.actions.map(\.name).filter { old[$0] == nil }
    self.vanishedActions = baseline.actions.map(\.name).filter { !names.contains($0) }
    let leakedBefore = Set(baseline.effects.leaked.map(\.label))
    self.newLeaks = current.effects.leaked.filter { !leakedBefore.contains($0.label) }
  }

  static func change(from old: Double, to new: Double) -> Double? {
    old == 0 ? nil : (new - old) / old
  }
}

extension ProfileComparison.ActionChange: Codable {
  enum CodingKeys: String, CodingKey {
    case name, baselineCount, count, countChange, p95Change
    case baselineP95 = "baselineP95Ns"
    case p95 = "p95Ns"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.name = try container.decode(String.self, forKey: .name)
    self.baselineCount = try container.decode(Int.self, forKey: .baselineCount)
    self.count = try container.decode(Int.self, forKey: .count)
    self.baselineP95 = try container.decodeNanoseconds(forKey: .baselineP95)
    self.p95 = try container.decodeNanoseconds(forKey: .p95)
    self.countChange = try container.decodeIfPresent(Double.self, forKey: .countChange)
    self.p95Change = try container.decodeIfPresent(Double.self, forKey: .p95Change)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.name, forKey: .name)
    try container.encode(self.baselineCount, forKey: .baselineCount)
    try container.encode(self.count, forKey: .count)
    try container.encode(nanoseconds: self.baselineP95, forKey: .baselineP95)
    try container.encode(nanoseconds: self.p95, forKey: .p95)
    try container.encodeIfPresent(self.countChange, forKey: .countChange)
    try container.encodeIfPresent(self.p95Change, forKey: .p95Change)
  }
}
