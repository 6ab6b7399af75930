import Foundation
import TestSupport
import Testing
import Trace

/// `tca-replay chaos`, run as built, on a demo session recorded for the test: every run passes
/// with no predicate, a predicate that fails is printed with its schedule and exit 1, the
/// schedule replays that run, and bad input is one line with status 2.
@Suite struct ChaosCommandTests {
  @Test func theDemoSessionKeepsItsFinalStateInEveryOrder() throws {
    let trace = try EditedReplayCommandTests.demoTrace()
    let run = try ToolRun(["chaos", trace, "--runs", "20", "--seed", "5"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors == "")
    #expect(run.output.hasPrefix("passed: 20 runs ("), "\(run.output)")
    #expect(run.output.hasSuffix("); the final state was the recording's\n"))
  }

  @Test func aFailingPredicateIsPrintedWithItsSchedule() throws {
    let trace = try EditedReplayCommandTests.demoTrace()
    let last = try TraceReader(path: trace).lastSeq()
    let run = try ToolRun(["chaos", trace, "--final", "counter.count == 0"])
    #expect(run.status == 1, "\(run.errors)")
    #expect(run.errors == "")
    let lines = run.output.split(separator: "\n").map(String.init)
    #expect(lines.first == "run 1 of 100 failed (final):", "\(run.output)")
    #expect(
      lines.dropFirst().first?.hasPrefix(
        #"final "counter.count == 0" does not hold after the last action, #\#(last) "#) == true)
    #expect(lines.contains("  counter.count = 13"))
    #expect(lines.contains("no delivery moved: the recorded order fails too"))
    #expect(lines.contains("schedule: v1:"))
    #expect(lines.last == "replay it: tca-replay chaos \(trace) --schedule 'v1:'")

    let again = try ToolRun(["chaos", trace, "--schedule", "v1:", "--final", "counter.count == 13"])
    #expect(again.status == 0, "\(again.errors)")
    #expect(again.output == "passed: the schedule's run passed; every predicate held\n")
  }

  /// With no predicate, code that no longer reproduces the recording in its own order is not
  /// called order-sensitive: chaos says so, tries no other order, and exits 1.
  @Test func codeThatAlreadyDiffersInTheRecordedOrderPointsToVerify() throws {
    let trace = try ReplayCommandTests.copyOfSampleThatDecrementsAt2()
    let run = try ToolRun(["chaos", trace, "--runs", "20"])
    #expect(run.status == 1, "\(run.errors)")
    #expect(run.errors == "")
    #expect(
      run.output == """
        today's code already differs in the recorded order: see `verify`
          diverged at #2 counter.view.incrementButtonTapped (state)

        """)
    let verify = try ToolRun(["verify", trace])
    #expect(verify.output.hasPrefix("diverged at #2 counter.view.incrementButtonTapped (state)\n"))
  }

  /// The sample predates the shared settings: its recorded states have no temperature unit,
  /// which today's state decodes to its default. Orders are compared with the state the recorded
  /// order ends in today, so that field does not make every order differ.
  @Test func aFieldTheStateGainedSinceTheRecordingIsNotOrderSensitive() throws {
    let run = try ToolRun(["chaos", ReplayCommandTests.sample, "--runs", "20"])
    #expect(run.status == 0, "\(run.output)")
    #expect(run.output.hasSuffix("; the final state was the recording's\n"))
  }

  @Test func badInputIsOneLineWithStatus2() throws {
    let trace = try EditedReplayCommandTests.demoTrace()
    let cases: [([String], String)] = [
      ([trace, "--schedule", "bogus"], "expected a chaos schedule starting with 'v1:'"),
      ([trace, "--schedule", "v1:2@1"], "#2"),
      ([trace, "--final", "counter.count =="], "cannot parse predicate"),
      ([trace, "--invariant", "&& x"], "cannot parse predicate"),
      ([trace, "--runs", "0"], "--runs expects"),
      ([trace, "--seed", "-1"], "seed"),
      (["/nonexistent/trace.sqlite"], "found no file"),
      (["Recordings/demo-v1.sqlite"], "not replayable"),
    ]
    for (arguments, part) in cases {
      let run = try ToolRun(["chaos"] + arguments)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.output == "")
      #expect(run.errors.hasPrefix("tca-replay: "), "\(run.errors)")
      #expect(run.errors.dropLast().contains("\n") == false, "one line: \(run.errors)")
      #expect(run.errors.contains(part), "\(run.errors) names \(part)")
    }
  }
}
