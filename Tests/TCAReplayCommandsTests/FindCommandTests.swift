import TestSupport
import Testing

/// `tca-replay find`, run as built on the demo's current sample.
@Suite struct FindCommandTests {
  static let trace = "Recordings/demo-v3.sqlite"

  @Test func printsTheFirstActionAfterWhichItHoldsWithItsValues() throws {
    let run = try ToolRun([
      "find", Self.trace, "counter.count > 3 && counter.isTimerRunning == true",
    ])
    #expect(run.status == 0)
    #expect(run.errors == "")
    #expect(
      run.output == """
        #5  counter.internal.timerTicked
          counter.count = 4
          counter.isTimerRunning = true

        """)
  }

  @Test func everyActionAtWhichItStartsToHoldAsJSON() throws {
    let run = try ToolRun([
      "find", Self.trace, ##"items.path["#0"] exists || items.destination exists"##, "--all",
      "--json",
    ])
    #expect(run.status == 0)
    #expect(run.errors == "")
    #expect(
      run.output.hasPrefix(
        ##"[{"seq":35,"name":"items.view.editButtonTapped","values":{"items.path[\"#0\"]":null,"##
          + #""items.destination":{"editor":"#))
    #expect(run.output.contains(#"{"seq":40,"name":"items.view.itemTapped","#))
    #expect(run.output.components(separatedBy: #""seq":"#).count - 1 == 2)
  }

  @Test func theInitialStateAndFrom() throws {
    let initial = try ToolRun(["find", Self.trace, "counter.count == 0"])
    #expect(initial.output == "#0  (the initial state)\n  counter.count = 0\n")
    let later = try ToolRun(["find", Self.trace, "counter.count >= 0", "--from", "7"])
    #expect(later.output == "#7  counter.view.toggleTimerButtonTapped\n  counter.count = 5\n")
  }

  @Test func aPredicateThatNeverHoldsSaysSo() throws {
    let run = try ToolRun(["find", Self.trace, "counter.count > 1000"])
    #expect(run.status == 0)
    #expect(run.output == "")
    #expect(run.errors == "counter.count > 1000 never holds from #0 to #61\n")
  }

  @Test func badInputIsOneLineAndStatus2() throws {
    let cases: [([String], String)] = [
      (
        ["find", Self.trace, "counter.count >"],
        "tca-replay: cannot parse predicate \"counter.count >\": expected a value (a JSON literal) "
          + "or a state path, found end of input at byte 15\n"
      ),
      (
        ["find", Self.trace, "counter.count > 1 &&& x"],
        "tca-replay: cannot parse predicate \"counter.count > 1 &&& x\": expected a state path, "
          + "'!' or '(' (a predicate reads PATH OP VALUE or PATH exists), found '&' at byte 20\n"
      ),
      (
        ["find", Self.trace, "counter.count > 1", "--from", "-5"],
        "tca-replay: expected a seq from 0 (the initial state) to 61 (the last action), found -5\n"
      ),
      (
        // A typo, not a question: the path is nowhere in the trace.
        ["find", Self.trace, "counter.count > 1 && counter.isTimerRuning == true"],
        "tca-replay: no such path: counter.isTimerRuning; did you mean counter.isTimerRunning?\n"
      ),
      (["find", Self.trace, "nosuch.path exists"], "tca-replay: no such path: nosuch.path\n"),
      (
        ["find", "/nonexistent.sqlite", "counter.count > 1"],
        "tca-replay: /nonexistent.sqlite: expected a tca-replay trace, found no file\n"
      ),
    ]
    for (arguments, message) in cases {
      try expectRun(arguments, status: 2, output: "", errors: message)
    }
  }
}
