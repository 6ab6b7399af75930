import Foundation
import Profiler

/// The profile as JSON, with keys in a stable order, for scripts: `actions`, `scopes`,
/// `effects.leaked`, `advice`, and with a baseline, `comparison` and `violations`; over several
/// traces, `traces` (each one) and `skipped` (those that could not be read, with the reason).
///
/// ```swift
/// let data = try JSONReport(profile: profile).encoded()
/// ```
public struct JSONReport: Encodable, Sendable {
  /// The profile to encode.
  public var profile: Profile
  /// A comparison with a baseline, encoded as `comparison`.
  public var comparison: ProfileComparison?
  /// The `--fail-on` thresholds crossed, one line each.
  public var violations: [String]?

  /// A report of `profile`, with `comparison` and `violations` when asked for.
  public init(
    profile: Profile, comparison: ProfileComparison? = nil, violations: [String]? = nil
  ) {
    self.profile = profile
    self.comparison = comparison
    self.violations = violations
  }

  enum CodingKeys: String, CodingKey {
    case trace, actions, scopes, effects, state, advice, timeline, options, comparison, violations
    case traces, skipped
  }

  /// Encodes the profile's sections in a stable order, then `comparison` and `violations`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(profile.trace, forKey: .trace)
    try container.encode(profile.actions, forKey: .actions)
    try container.encode(profile.scopes, forKey: .scopes)
    try container.encode(profile.effects, forKey: .effects)
    try container.encode(profile.state, forKey: .state)
    try container.encode(profile.advice, forKey: .advice)
    try container.encode(profile.timeline, forKey: .timeline)
    try container.encode(profile.options, forKey: .options)
    try container.encodeIfPresent(comparison, forKey: .comparison)
    try container.encodeIfPresent(violations, forKey: .violations)
    try container.encodeIfPresent(profile.traces, forKey: .traces)
    try container.encodeIfPresent(profile.skipped, forKey: .skipped)
  }

  /// Pretty-printed UTF-8 JSON with sorted keys, ending with a newline.
  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self) + Data("\n".utf8)
  }
}
