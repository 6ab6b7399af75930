import Foundation
import Trace

/// Traces grouped by a metadata value (`appVersion`, `device`, …), one profile per group, and
/// each group compared with the one before it as `--baseline` compares two traces.
///
/// Groups are ordered by their value, numbers compared as numbers (`2.9` before `2.10`); traces
/// without the key form the first group, whose value is `nil`.
///
/// ```swift
/// let groups = await TraceProfiler().profiles(paths: paths, groupedBy: "appVersion")
/// groups.comparisons.last?.actions.first?.p95Change  // the newest version against the one before
/// ```
public struct ProfileGroups: Sendable {
  /// The traces with one value of the key, and their profile over all of them.
  public struct Group: Sendable {
    /// The key's value; `nil` for traces without the key.
    public var value: String?
    /// The profile over the group's traces, named `key=value` (or `key unset`).
    public var profile: Profile
  }

  /// The metadata key the traces were grouped by.
  public var key: String
  /// The groups, in the order of their values.
  public var groups: [Group]
  /// `comparisons[i]` compares `groups[i + 1]` with `groups[i]`.
  public var comparisons: [ProfileComparison]
  /// Traces that could not be read, with the reason.
  public var skipped: [SkippedTrace]

  /// The `--fail-on` thresholds crossed: each group against the one before it (the first
  /// group on its own), each line led by the group's name.
  public func violations(of conditions: [FailCondition]) -> [String] {
    groups.enumerated().flatMap { index, group in
      let comparison = index == 0 ? nil : comparisons[index - 1]
      return conditions.flatMap { $0.violations(of: group.profile, comparedWith: comparison) }
        .map { "\(group.profile.trace.path): \($0)" }
    }
  }

  /// How a group is named: `appVersion=2.3`, or `appVersion unset`.
  public static func name(key: String, value: String?) -> String {
    value.map { "\(key)=\($0)" } ?? "\(key) unset"
  }

  /// Whether `a` comes before `b`: no value first, then numbers compared as numbers.
  static func precedes(_ a: String?, _ b: String?) -> Bool {
    switch (a, b) {
    case (nil, nil): false
    case (nil, _): true
    case (_, nil): false
    case let (a?, b?): a.compare(b, options: [.numeric]) == .orderedAscending
    }
  }
}

extension TraceProfiler {
  /// The traces at `paths` grouped by their metadata's `key`, a profile over each group, and
  /// each group compared with the one before it. A trace that cannot be read is skipped.
  public func profiles(paths: [String], groupedBy key: String) async -> ProfileGroups {
    var byValue: [String?: [String]] = [:]
    var skipped: [SkippedTrace] = []
    for path in paths {
      do {
        let value = try TraceReader(path: path).header.metadata[key]
        byValue[value, default: []].append(path)
      } catch {
        skipped.append(SkippedTrace(path: path, error: error))
      }
    }
    var groups: [ProfileGroups.Group] = []
    for value in byValue.keys.sorted(by: ProfileGroups.precedes) {
      // NB: A group none of whose traces could be read is no group: its traces are in `skipped`.

      var profile = await self.profile(
        paths: byValue[value] ?? [], label: ProfileGroups.name(key: key, value: value))
      skipped += profile.skipped ?? []
      profile.skipped = []
      guard profile.traces?.isEmpty == false else { continue }
      groups.append(ProfileGroups.Group(value: value, profile: profile))
    }
    let comparisons = zip(groups, groups.dropFirst()).map {
      ProfileComparison(baseline: $0.profile, current: $1.profile)
    }
    return ProfileGroups(key: key, groups: groups, comparisons: comparisons, skipped: skipped)
  }
}
