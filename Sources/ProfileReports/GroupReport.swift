import Profiler
import Trace

/// Groups of traces compared side by side, as text: a table of the groups, then each group
/// against the one before it in the tables `--baseline` prints.
///
/// ```swift
/// print(GroupReport(groups: groups, top: 10).rendered())
/// ```
public struct GroupReport: Sendable {
  /// The groups and their comparisons.
  public var groups: ProfileGroups
  /// How many rows of each comparison table.
  public var top: Int
  /// Whether headings are bold (ANSI).
  public var color: Bool

  /// A report of `groups` showing `top` rows per table.
  public init(groups: ProfileGroups, top: Int = 10, color: Bool = false) {
    self.groups = groups
    self.top = top
    self.color = color
  }

  /// The whole report, ending with a newline.
  public func rendered() -> String {
    let traces = groups.groups.reduce(0) { $0 + ($1.profile.traces?.count ?? 0) }
    var table = TextTable(columns: [
      .left("group"), .right("traces"), .right("actions"), .right("reducers"), .right("leaks"),
    ])
    for group in groups.groups {
      let profile = group.profile
      table.append([
        profile.trace.path, "\(profile.traces?.count ?? 0)", "\(profile.trace.actions)",
        DurationText.text(profile.trace.reducerTime), "\(profile.effects.leakedCount)",
      ])
    }
    var sections = [
      heading("Profiles by \(groups.key) (\(groups.groups.count) groups, \(traces) traces)")
        + "\n" + table.rendered(indent: 2)
    ]
    if !groups.skipped.isEmpty {
      sections[0] += "\n  skipped \(groups.skipped.count) that could not be read:"
      for trace in groups.skipped { sections[0] += "\n    \(trace.path): \(trace.reason)" }
    }
    for (group, comparison) in zip(groups.groups.dropFirst(), groups.comparisons) {
      let report = TextReport(
        profile: group.profile, comparison: comparison, top: top, color: color)
      sections.append(
        heading(group.profile.trace.path) + "\n" + report.comparisonSection(comparison))
    }
    return sections.joined(separator: "\n\n") + "\n"
  }

  func heading(_ text: String) -> String {
    color ? "\u{1B}[1m\(text)\u{1B}[0m" : text
  }
}
