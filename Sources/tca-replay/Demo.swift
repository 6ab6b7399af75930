import ArgumentParser
import ComposableRuntime
import Foundation
import ProfileReports
import Recorder
import Profiler
import TCAReplayCommands
import Trace

/// `tca-replay demo`: records the demo app's scripted session, shows where to go next and, in a
/// terminal, opens the trace in the interactive view.
struct Demo: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Record the demo app's scripted session into a trace and print what it did.",
    discussion: """
      The session runs on a test clock, so it takes a moment whatever its timers say. Every \
      action is printed with where it came from, the state change it made and each effect's \
      life; then the profiler's top findings and the commands to try on the trace. In a \
      terminal the trace then opens in the interactive view (as `tca-replay open` does).
      """)

  @Option(help: "Where to write the trace.") var trace = "demo-session.sqlite"
  @Option(
    help: ArgumentHelp(
      "Record COUNT counter increments instead, printing nothing (0: until killed).",
      discussion: "For benchmarks and the reliability tests.", visibility: .hidden))
  var storm: Int?
  @Option(
    help: ArgumentHelp(
      "With --storm: what the recorder does when its queue is full (wait, drop-and-count).",
      visibility: .hidden))
  var whenFull: WhenFullArgument = .wait
  @Option(
    name: .customLong("metadata"),
    help: ArgumentHelp(
      "Store KEY=VALUE in the trace's metadata, as an app does with Recorder.Options.metadata "
        + "(repeatable).", valueName: "key=value"))
  var metadataPairs: [String] = []

  /// `--metadata` as the header stores it; `validate()` has checked every pair.
  var metadata: [String: String] {
    Dictionary(
      self.metadataPairs.map { pair in
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        return (String(parts[0]), String(parts[1]))
      }, uniquingKeysWith: { _, last in last })
  }

  /// `Recorder.Options.WhenFull` as the command line spells it.
  enum WhenFullArgument: String, ExpressibleByArgument, CaseIterable {
    case wait
    case dropAndCount = "drop-and-count"

    var policy: Recorder.Options.WhenFull { self == .wait ? .wait : .dropAndCount }
  }

  func validate() throws {
    if let storm, storm < 0 {
      throw ValidationError("--storm expects a whole number, 0 or more; found \(storm)")
    }
    // NB: A pair needs a key before its first `=`; the value may be empty or hold more `=`.
    for pair in self.metadataPairs
    where (pair.firstIndex(of: "=") ?? pair.startIndex) == pair.startIndex {
      throw ValidationError("--metadata expects KEY=VALUE, e.g. appVersion=2.3; found '\(pair)'")
    }
  }

  func run() async throws {
    if let storm {
      try await DemoRecording.runStorm(
        tracePath: self.trace, count: storm, whenFull: self.whenFull.policy,
        metadata: self.metadata)
      return
    }
    try await withMainSerialExecutor {
      try await DemoRecording.runSession(tracePath: self.trace, metadata: self.metadata)
    }
    let reader = try TraceReader(path: self.trace)
    print()
    print(TextReport.topFindings(of: try TraceProfiler().profile(reader)))
    print(Self.nextSteps(trace: self.trace))
    // In a terminal the trace opens in the interactive view; quitting it leaves the log above.
    if InteractiveView.isAvailable {
      try await InteractiveView.run(reader, title: (self.trace as NSString).lastPathComponent)
    }
  }

  /// The commands a person would try next on the demo's trace, each with what it shows.
  static func nextSteps(trace: String) -> String {
    let path = trace.contains(" ") ? "'\(trace)'" : trace
    let steps: [(command: String, shows: String)] = [
      ("info \(path)", "what the trace holds"),
      ("log \(path) --name 'todos.*'", "the todo actions"),
      ("show \(path) 12 --path counter", "the counter after action 12"),
      ("diff \(path) 36", "what action 36 changed"),
      ("changes \(path) counter.count", "every change to the count"),
      ("why \(path) counter.count", "who set the count, and what caused that"),
      ("find \(path) 'counter.count > 3'", "when the count first went over 3"),
      ("effects \(path) --outcome cancelled", "the effects that were cancelled"),
      ("scopes \(path) 36", "where action 36's time went"),
      ("open \(path)", "travel through it full screen"),
      ("profile \(path) --html demo.html", "what is slow or too frequent"),
      ("export \(path) --chrome-trace demo.json", "a timeline for ui.perfetto.dev"),
    ]
    let width = steps.map(\.command.count).max()! + 3
    let lines = steps.map { step in
      "  tca-replay " + step.command.padding(toLength: width, withPad: " ", startingAt: 0)
        + step.shows
    }
    return "\nTry next:\n" + lines.joined(separator: "\n")
  }
}
