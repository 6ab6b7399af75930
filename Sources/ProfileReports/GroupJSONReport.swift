import Foundation
import Profiler

/// Groups of traces as JSON: each group's value and profile (as ``JSONReport`` writes one), the
/// comparisons of each group with the one before it, the skipped traces and, with `--fail-on`,
/// the thresholds crossed.
public struct GroupJSONReport: Encodable, Sendable {
  /// The groups to encode.
  public var groups: ProfileGroups
  /// The `--fail-on` thresholds crossed, one line each.
  public var violations: [String]?

  /// A report of `groups`, with `violations` when asked for.
  public init(groups: ProfileGroups, violations: [String]? = nil) {
    self.groups = groups
    self.violations = violations
  }

  struct Group: Encodable {
    var value: String?
    var profile: JSONReport
  }

  enum CodingKeys: String, CodingKey {
    case key, groups, comparisons, skipped, violations
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(groups.key, forKey: .key)
    try container.encode(
      groups.groups.map { Group(value: $0.value, profile: JSONReport(profile: $0.profile)) },
      forKey: .groups)
    try container.encode(groups.comparisons, forKey: .comparisons)
    try container.encode(groups.skipped, forKey: .skipped)
    try container.encodeIfPresent(violations, forKey: .violations)
  }

  /// Pretty-printed UTF-8 JSON with sorted keys, ending with a newline.
  public func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(self) + Data("\n".utf8)
  }
}
