import Foundation
import GRDB
import TestSupport
import Testing
import Trace

/// `tca-replay replay` and `verify`, run as built, on the demo's current sample trace: identical,
/// diverged (a copy whose second action was edited), and traces that cannot replay.
@Suite struct ReplayCommandTests {
  static let sample = "Recordings/demo-v3.sqlite"

  /// A copy of the sample in a fresh temporary folder.
  static func copyOfSample() throws -> String {
    let path = temporaryPath("demo.sqlite")
    try FileManager.default.copyItem(
      atPath: ToolRun.packageRoot.appendingPathComponent(Self.sample).path, toPath: path)
    return path
  }

  /// A copy of the sample whose second action, recorded as an increment, now decrements: as if
  /// today's code sent something else there.
  static func copyOfSampleThatDecrementsAt2() throws -> String {
    let trace = try Self.copyOfSample()
    let queue = try DatabaseQueue(path: trace)
    try queue.write { db in
      try db.execute(
        sql: """
          UPDATE actions SET encoding = CAST(replace(CAST(encoding AS TEXT),
            'incrementButtonTapped', 'decrementButtonTapped') AS BLOB) WHERE seq = 2
          """)
    }
    try queue.close()
    return trace
  }

  @Test func verifiesTheDemoSampleAsIdentical() throws {
    let trace = try Self.copyOfSample()
    let actions = try TraceReader(path: trace).actionSummary().count
    let runs = [
      (["verify", trace], "hermetic"), (["replay", trace], "hermetic"),
      (["replay", trace, "--mode", "live"], "liveEffects"),
    ]
    for (arguments, mode) in runs {
      let run = try ToolRun(arguments)
      let command = arguments.joined(separator: " ")
      #expect(run.status == 0, "\(command): \(run.errors)")
      #expect(run.errors == "")
      #expect(run.output == "identical: \(actions) actions replayed (\(mode))\n")
    }
  }

  @Test func aChangedInputDivergesAtThatAction() throws {
    let trace = try Self.copyOfSampleThatDecrementsAt2()

    let verify = try ToolRun(["verify", trace])
    #expect(verify.status == 1)
    #expect(verify.errors == "")
    #expect(verify.output.contains("#2"), "\(verify.output)")
    #expect(verify.output.contains("count"), "names the differing path: \(verify.output)")

    let replay = try ToolRun(["replay", trace])
    #expect(replay.status == 0)
    #expect(replay.output == verify.output)
  }

  @Test func tracesThatCannotReplayAreOneLine() throws {
    let cases: [([String], String)] = [
      (["verify", "Recordings/demo-v1.sqlite"], "not replayable"),
      (["verify", "/nonexistent/trace.sqlite"], "found no file"),
      (["replay", Self.sample, "--mode", "fast"], "'hermetic' and 'live'"),
      (["verify", Self.sample, "--from", "7"], "keyframe"),
    ]
    for (arguments, part) in cases {
      let run = try ToolRun(arguments)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.output == "")
      #expect(run.errors.hasPrefix("tca-replay: "), "\(run.errors)")
      #expect(run.errors.dropLast().contains("\n") == false, "one line: \(run.errors)")
      #expect(run.errors.contains(part), "\(run.errors) names \(part)")
    }
  }
}
