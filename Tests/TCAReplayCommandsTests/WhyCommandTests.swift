import TestSupport
import Testing

/// `tca-replay why`, run as built on the demo's current sample.
@Suite struct WhyCommandTests {
  static let trace = "Recordings/demo-v3.sqlite"

  @Test func theSetterAndItsCauses() throws {
    let run = try ToolRun(["why", Self.trace, "counter.count", "--at", "6"])
    #expect(run.status == 0)
    #expect(run.errors == "")
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 5)
    #expect(lines[0] == "counter.count = 5 after #6")
    #expect(lines[1] == "  set by #6 counter.internal.timerTicked: 4 → 5")
    // The time between them is the recorded wall clock's, so only its shape is checked.
    #expect(
      lines[2].hasPrefix(
        "    sent by effect #1 (run, DemoApp/CounterFeature.swift:77) — started by #3 "
          + "counter.view.toggleTimerButtonTapped, "))
    #expect(lines[2].hasSuffix(" ms before, cancellable by timer"))
    #expect(lines[3] == "      #3 sent from outside")
  }

  @Test func asJSON() throws {
    let run = try ToolRun(["why", Self.trace, "counter.count", "--at", "6", "--json"])
    #expect(run.status == 0)
    #expect(
      run.output
        == #"{"path":"counter.count","value":5,"at":6,"chain":[{"seq":6,"name":"counter.internal.timerTicked","origin":"effect","site":null,"effect":{"id":1,"kind":"run","location":"DemoApp/CounterFeature.swift:77"},"change":{"old":4,"new":5},"reads":null},{"seq":3,"name":"counter.view.toggleTimerButtonTapped","origin":"send","site":null,"effect":null,"change":null,"reads":null}]}"#
        + "\n")
  }

  @Test func aValueNeverSet() throws {
    let run = try ToolRun(["why", Self.trace, "items.items[id: 2].name"])
    #expect(run.status == 0)
    #expect(run.output == "items.items[id: 2].name has been \"Stove\" since the initial state\n")
  }

  @Test func badInputIsOneLineAndStatus2() throws {
    let cases: [([String], String)] = [
      (
        // A path the trace holds, but not after #1: no editor was presented yet.
        ["why", Self.trace, "items.destination.editor.draft.name", "--at", "1"],
        "tca-replay: expected a value at items.destination.editor.draft.name after #1, found "
          + "none (the path leads nowhere there)\n"
      ),
      (["why", Self.trace, "nosuch.path"], "tca-replay: no such path: nosuch.path\n"),
      (
        ["why", Self.trace, "counter.cout"],
        "tca-replay: no such path: counter.cout; did you mean counter.count?\n"
      ),
      (
        ["why", Self.trace, "counter..count"],
        "tca-replay: cannot parse path \"counter..count\": expected a field name after '.', "
          + "found '.' at byte 8\n"
      ),
      (
        ["why", Self.trace, "counter.count", "--at", "-1"],
        "tca-replay: expected a seq from 0 (the initial state) to 61 (the last action), found -1\n"
      ),
      (
        ["why", Self.trace, "counter.count", "--depth", "0"],
        "tca-replay: --depth expects a whole number, 1 or more; found 0\n"
      ),
    ]
    for (arguments, message) in cases {
      try expectRun(arguments, status: 2, output: "", errors: message)
    }
  }
}
