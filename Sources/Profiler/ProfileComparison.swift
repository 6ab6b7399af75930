/// Two profiles of the same scenario side by side: per action, how count and p95 changed; which
/// actions are new or gone; which effects leak now that did not before.
///
/// ```swift
/// let comparison = ProfileComparison(baseline: old, current: new)
/// comparison.actions.filter { ($0.p95Change ?? 0) > 0.2 }
/// ```
public struct ProfileComparison: Codable, Hashable, Sendable {
  /// One action present in both profiles.
  public struct ActionChange: Codable, Hashable, Sendable {
    /// The case path (or prefix).
    public var name: String
    /// How many in the baseline.
    public var baselineCount: Int
    /// How many now.
    public var count: Int
    /// The baseline's p95 reducer time.
    public var baselineP95Ns: Int64
    /// The p95 reducer time now.
    public var p95Ns: Int64
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
        baselineP95Ns: before.p95Ns, p95Ns: action.p95Ns,
        countChange: Self.change(from: Double(before.count), to: Double(action.count)),
        p95Change: Self.change(from: Double(before.p95Ns), to: Double(action.p95Ns)))
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
