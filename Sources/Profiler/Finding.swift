/// One piece of advice about a session: which rule, about what, what TCA's guidance suggests,
/// and the actions that show it.
///
/// ```swift
/// for finding in profile.advice { print("\(finding.rule): \(finding.message) (\(finding.seqs))") }
/// ```
public struct Finding: Codable, Hashable, Sendable {
  /// Which kind of finding.
  public enum Rule: String, Codable, CaseIterable, Sendable {
    /// An action arrives more often than a person can act or a screen can show.
    case highFrequency = "high-frequency-action"
    /// A reducer ran longer than a frame.
    case overBudget = "reducer-over-budget"
    /// `.send` used to share logic between cases of one feature.
    case sendToShareLogic = "send-to-share-logic"
    /// An effect was still running when the recording finished, and nothing cancelled it.
    case neverCancelled = "effect-never-cancelled"
    /// Effects one action case started from one place ran at the same time and none was
    /// cancelled: their answers can arrive in any order (a debounce without `cancelInFlight`).
    case overlappingEffects = "overlapping-effects"
    /// A child action arrived when its state was most likely gone.
    case childActionAfterStateGone = "child-action-after-state-gone"
  }

  /// Which rule found it.
  public var rule: Rule
  /// What the finding is about: a case path or an effect.
  public var subject: String
  /// What happened and what to do, in one paragraph.
  public var message: String
  /// The evidence: sequence numbers of actions to look at.
  public var seqs: [Int64]
  /// For a high-frequency action, the places in the app that sent it, the busiest first; `nil`
  /// for other findings and for traces that do not record send sites.
  public var sites: [SendSiteCount]?
  /// For overlapping effects, what overlapped and the command that confirms the race; `nil` for
  /// other findings.
  public var race: EffectRace?
  /// The trace the evidence is in, in a profile over several traces; `nil` in a profile of one.
  public var trace: String?

  /// A finding of `rule` about `subject`, with its evidence.
  public init(
    rule: Rule, subject: String, message: String, seqs: [Int64], sites: [SendSiteCount]? = nil,
    race: EffectRace? = nil, trace: String? = nil
  ) {
    self.rule = rule
    self.subject = subject
    self.message = message
    self.seqs = seqs
    self.sites = sites
    self.race = race
    self.trace = trace
  }
}
