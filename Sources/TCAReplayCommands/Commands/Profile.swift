import ArgumentParser
import Foundation
import ProfileReports
import Profiler
import Trace

extension TCAReplay {
  /// `tca-replay profile TRACE… | DIR`: what is slow or too frequent, effects that never ended,
  /// and advice from TCA's guidance; as text, JSON or an HTML page, optionally against a
  /// baseline with thresholds for CI. Over several traces (or a folder of them), one profile of
  /// all; with `--group-by KEY`, the groups of traces compared side by side.
  struct Profile: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Rank frequent and expensive actions, scopes and effects, find leaks, and advise.",
      discussion: """
        Everything comes from the trace alone. With --baseline OLD, compares each action's \
        count and p95 with another trace of the same scenario; with --fail-on, exits 1 when a \
        threshold is crossed (p95>+20%, count>+50%, p95>16ms, leaks>0), for CI. Given several \
        traces or a folder, profiles all of them as one; traces that cannot be read are listed \
        and skipped (--strict: exit 2). With --group-by KEY, groups the traces by that \
        metadata key and compares each group with the one before it.
        """)

    @Argument(
      help: ArgumentHelp(
        "The traces to read: one .sqlite file written by the recorder, several, or a folder.",
        valueName: "trace"))
    var traces: [String]
    // NB: The numbers are `.unconditional`, so that `--top -1` meets the check in `validate()`
    // instead of being taken for a flag named 1.
    @Option(parsing: .unconditional, help: "How many rows of each ranking to print.") var top = 10
    @Option(
      parsing: .unconditional,
      help: "Group actions by their first N case-path components (0: whole case paths).")
    var depth = 0
    @Option(
      parsing: .unconditional,
      help: "The frame budget a reducer should stay under, in milliseconds.")
    var budget: Double = 16
    @Option(help: ArgumentHelp("Also write a self-contained HTML report.", valueName: "file"))
    var html: String?
    @Option(help: ArgumentHelp("Compare with a trace of the same scenario.", valueName: "old"))
    var baseline: String?
    @Option(
      name: .customLong("fail-on"),
      help: ArgumentHelp(
        "Exit 1 when a threshold is crossed, e.g. p95>+20%,count>+50%,leaks>0.",
        valueName: "expr"))
    var failOn: String?
    @Option(
      name: .customLong("group-by"),
      help: ArgumentHelp(
        "Compare groups of traces by a metadata key, e.g. appVersion.", valueName: "key"))
    var groupBy: String?
    @Flag(help: "Exit 2 when a trace cannot be read instead of skipping it.") var strict = false
    @OptionGroup var output: OutputOptions

    func validate() throws {
      guard top > 0 else {
        throw ValidationError("--top expects a count of 1 or more; found \(top)")
      }
      guard depth >= 0 else {
        throw ValidationError("--depth expects 0 or more components; found \(depth)")
      }
      guard budget > 0, budget.isFinite else {
        throw ValidationError("--budget expects milliseconds above 0; found \(budget)")
      }
    }

    func run() async throws {
      let conditions = try self.failOn.map { text in
        do {
          return try FailCondition.parseList(text)
        } catch let error as FailCondition.ParseError {
          throw CommandError("--fail-on: \(error)")
        }
      }
      if self.baseline == nil, self.groupBy == nil,
        let relative = conditions?.first(where: \.needsBaseline)
      {
        throw CommandError(
          "--fail-on \(relative) compares with a baseline: expected --baseline OLD, found none")
      }
      let profiler = TraceProfiler(
        options: ProfileOptions(
          depth: self.depth, budget: .nanoseconds(Int64(self.budget * 1_000_000))))
      let single = self.traces.count == 1 && !Self.isFolder(self.traces[0])
      if let key = self.groupBy {
        try await self.runGroups(by: key, profiler: profiler, conditions: conditions)
        return
      }
      let profile: Profiler.Profile
      if single {
        profile = try profiler.profile(TraceReader(path: self.traces[0]))
      } else {
        let paths = try self.tracePaths()
        profile = await profiler.profile(paths: paths, label: self.label(count: paths.count))
        try self.checkReadable(profile.skipped ?? [], of: paths.count)
      }
      try self.report(profile, profiler: profiler, conditions: conditions)
    }

    /// Prints `profile` (against the baseline, if any) as asked, and exits 1 when a `--fail-on`
    /// threshold is crossed.
    func report(
      _ profile: Profiler.Profile, profiler: TraceProfiler, conditions: [FailCondition]?
    ) throws {
      let comparison = try self.baseline.map {
        ProfileComparison(baseline: try profiler.profile(TraceReader(path: $0)), current: profile)
      }
      let violations = (conditions ?? []).flatMap {
        $0.violations(of: profile, comparedWith: comparison)
      }
      if let html = self.html {
        let page = HTMLReport(profile: profile, comparison: comparison).rendered()
        try self.write(page, to: html)
      }
      if self.output.json {
        let report = JSONReport(
          profile: profile, comparison: comparison, violations: conditions == nil ? nil : violations
        )
        FileHandle.standardOutput.write(try report.encoded())
      } else {
        let colors = self.output.colors
        print(
          TextReport(profile: profile, comparison: comparison, top: self.top, color: colors)
            .rendered(), terminator: "")
        if let html = self.html { print("\nHTML report: \(html)") }
        self.printThresholds(violations)
      }
      if !violations.isEmpty { throw ExitStatus(1) }
    }

    /// The `--fail-on` verdict's lines, when `--fail-on` was given.
    func printThresholds(_ violations: [String]) {
      guard let failOn = self.failOn else { return }
      print(
        violations.isEmpty
          ? "\nNo threshold crossed (--fail-on \(failOn))."
          : "\nThresholds crossed (--fail-on \(failOn)):\n"
            + violations.map { "  " + $0 }.joined(separator: "\n"))
    }

    func write(_ page: String, to html: String) throws {
      do {
        try page.write(toFile: html, atomically: true, encoding: .utf8)
      } catch {
        throw CommandError("\(html): expected a file that can be written, found none")
      }
    }
  }
}
