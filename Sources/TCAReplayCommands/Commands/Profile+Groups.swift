import Foundation
import ProfileReports
import Profiler

extension TCAReplay.Profile {
  /// `--group-by KEY`: the traces grouped by a metadata value, each group compared with the one
  /// before it, and `--fail-on` applied to every comparison.
  func runGroups(by key: String, profiler: TraceProfiler, conditions: [FailCondition]?)
    async throws
  {
    guard self.baseline == nil else {
      throw CommandError(
        "--group-by compares the groups with each other: expected no --baseline, found one")
    }
    guard self.html == nil else {
      throw CommandError("--group-by writes no HTML report: expected no --html, found one")
    }
    let paths = try self.tracePaths()
    let groups = await profiler.profiles(paths: paths, groupedBy: key)
    try self.checkReadable(groups.skipped, of: paths.count)
    let violations = groups.violations(of: conditions ?? [])
    if self.output.json {
      let report = GroupJSONReport(
        groups: groups, violations: conditions == nil ? nil : violations)
      FileHandle.standardOutput.write(try report.encoded())
    } else {
      print(
        GroupReport(groups: groups, top: self.top, color: self.output.colors).rendered(),
        terminator: "")
      self.printThresholds(violations)
    }
    if !violations.isEmpty { throw ExitStatus(1) }
  }
}
