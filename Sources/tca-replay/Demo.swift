import ArgumentParser
import ComposableRuntime
import Foundation
import TCAReplayCommands

/// `tca-replay demo`: records the demo app's scripted session and shows where to go next.
struct Demo: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Record the demo app's scripted session into a trace and print what it did.",
    discussion: """
      The session runs on a test clock, so it takes a moment whatever its timers say. Every \
      action is printed with where it came from, the state change it made and each effect's \
      life; then the commands to try on the trace.
      """)

  @Option(help: "Where to write the trace.") var trace = "demo-session.sqlite"
  @Option(
    help: ArgumentHelp(
      "Record COUNT counter increments instead, printing nothing (0: until killed).",
      discussion: "For benchmarks and the reliability tests.", visibility: .hidden))
  var storm: Int?

  func validate() throws {
    if let storm, storm < 0 {
      throw ValidationError("--storm expects a whole number, 0 or more; found \(storm)")
    }
  }

  func run() async throws {
    if let storm {
      try await DemoRecording.runStorm(tracePath: self.trace, count: storm)
      return
    }
    try await withMainSerialExecutor {
      try await DemoRecording.runSession(tracePath: self.trace)
    }
    print(Self.nextSteps(trace: self.trace))
  }

  /// The commands a person would try next on the demo's trace.
  static func nextSteps(trace: String) -> String {
    let path = trace.contains(" ") ? "'\(trace)'" : trace
    return """

      Try next:
        tca-replay info \(path)                      what the trace holds
        tca-replay log \(path) --name 'todos.*'      the todo actions
        tca-replay show \(path) 12 --path counter    the counter after action 12
        tca-replay diff \(path) 36                   what action 36 changed
        tca-replay changes \(path) counter.count     every change to the count
        tca-replay effects \(path) --outcome cancelled
        tca-replay scopes \(path) 36                 where action 36's time went
      """
  }
}
