import Foundation
import TestSupport
import Testing
import Trace

/// `tca-replay replay TRACE --skip/--replace/--insert-after [--at]`, run as built, on a demo
/// session recorded for the test: what changed, and bad edits as one line with status 2.
@Suite struct EditedReplayCommandTests {
  /// A fresh recording of the demo session (the sample in `Recordings/` predates the demo's
  /// shared settings).
  static func demoTrace() throws -> String {
    let path = temporaryPath("demo.sqlite")
    let run = try ToolRun(["demo", "--trace", path])
    #expect(run.status == 0, "\(run.errors)")
    return path
  }

  static let decrement = #"{"counter":{"_0":{"view":{"_0":{"decrementButtonTapped":{}}}}}}"#

  @Test func skippingAnActionReportsWhatChanged() throws {
    let trace = try Self.demoTrace()
    let last = try TraceReader(path: trace).lastSeq()
    let run = try ToolRun(["replay", trace, "--skip", "2"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors == "")
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == "what if: skip #2")
    #expect(lines.contains("first difference:"))
    // The timer's first tick is the first action whose own change differs: 1 → 2, not 2 → 3.
    #expect(
      lines.contains("  diverged at #4 counter.internal.timerTicked (state)"), "\(run.output)")
    #expect(lines.contains("effects: none started or stopped differently"))
    #expect(lines.contains("state at the end (#\(last)), recorded → what-if:"))
    #expect(lines.contains("  counter.count: 13 → 12"))
    #expect(lines.suffix(2) == ["\(last - 1) actions replayed (hermetic, edited)", ""])
  }

  @Test func skippingAnEffectsParentListsWhatItNoLongerStarted() throws {
    let trace = try Self.demoTrace()
    let run = try ToolRun(["replay", trace, "--skip", "8"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.output.contains(
        """
        effects started or stopped differently:
          effect #2 (run effect of #8) did not start: #8 was left out; its outputs were not delivered
          effect #3 (send effect of #9) did not start: #9 was not delivered; its outputs were not \
        delivered
        outputs not delivered: #9, #10
        """), "\(run.output)")
    #expect(run.output.contains("- savedFacts[0]: \"#5: 5 is an odd number.\""))
  }

  @Test func replacingAndInsertingWithTheStateAtASeq() throws {
    let trace = try Self.demoTrace()
    let run = try ToolRun([
      "replay", trace, "--replace", "2=\(Self.decrement)", "--insert-after", "2=\(Self.decrement)",
      "--at", "3",
    ])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.hasPrefix("what if: replace #2 with \(Self.decrement); insert after #2 "))
    #expect(run.output.contains("  diverged at #2 (replaced) counter.view.decrementButtonTapped"))
    #expect(run.output.contains("state after #3, recorded → what-if:\n  counter.count: 2 → -1\n"))
  }

  /// The state at `--at 4` is the state after #4, the timer's first tick, which changes the
  /// count; and the shared unit is as it was then, though the session picks another at #62.
  @Test func theStateAtASeqIsTheStateAfterThatAction() throws {
    let trace = try Self.demoTrace()
    let run = try ToolRun(["replay", trace, "--skip", "2", "--at", "4"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.output.contains("state after #4, recorded → what-if:\n  counter.count: 3 → 2\n\n"),
      "\(run.output)")
  }

  /// The last search typed ("Ber") replaced by another: the search effect it starts stands in
  /// for the recorded one, so the answer recorded for "Ber" is delivered to it, and the report
  /// says so.
  @Test func aReplacementAnsweredByTheOriginalsEffectSaysSo() throws {
    let trace = try Self.demoTrace()
    let (replaced, answer, effect) = try Self.lastSearch(in: trace)
    let run = try ToolRun(["replay", trace, "--replace", "\(replaced)=\(Self.queryPar)"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(
      run.output.contains(
        "\noutputs recorded for the original #\(replaced) still delivered to its replacement: "
          + "#\(answer) (effect #\(effect))\n"),
      "\(run.output)")
  }

  @Test func theWhatIfReportAsJSON() throws {
    let trace = try Self.demoTrace()
    let last = try TraceReader(path: trace).lastSeq()
    let (replaced, answer, effect) = try Self.lastSearch(in: trace)
    let run = try ToolRun([
      "replay", trace, "--replace", "\(replaced)=\(Self.queryPar)", "--skip", "2", "--json",
    ])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors == "")
    let json = try TraceValue(jsonText: run.output)
    func value(_ path: String) throws -> TraceValue? {
      json.value(at: try TracePath(parsing: path))
    }
    guard case let .object(fields) = json else { throw NotAnObject() }
    #expect(
      fields.map(\.name) == [
        "edits", "firstDifference", "effectChanges", "outputsNotDelivered",
        "outputsStillDelivered", "issues", "state", "replayedActions",
      ])
    #expect(try value("edits[0]") == (try TraceValue(jsonText: #"{"kind":"skip","seq":2}"#)))
    #expect(try value("edits[1].kind") == .string("replace"))
    #expect(try value("edits[1].action.search._0.view._0.queryChanged._0") == .string("Par"))
    #expect(try value("firstDifference.seq") == .int(4))
    #expect(try value("firstDifference.kind") == .string("state"))
    #expect(try value("effectChanges") == .array([]))
    #expect(try value("outputsNotDelivered") == .array([]))
    #expect(
      try value("outputsStillDelivered")
        == (try TraceValue(
          jsonText: #"[{"replaced":\#(replaced),"effectID":\#(effect),"outputs":[\#(answer)]}]"#)))
    #expect(try value("state.seq") == .int(last))
    #expect(try value("state.atEnd") == .bool(true))
    #expect(
      try value("state.differences")
        == (try TraceValue(
          jsonText: #"[{"op":"replace","path":"counter.count","old":13,"new":12}]"#)))
    #expect(try value("replayedActions") == .int(last - 1))
  }

  static let queryPar = #"{"search":{"_0":{"view":{"_0":{"queryChanged":{"_0":"Par"}}}}}}"#

  /// The seq of the last query typed before the search answered, of that answer, and the id of
  /// the effect that sent it.
  static func lastSearch(in trace: String) throws -> (Int64, Int64, Int64) {
    let reader = try TraceReader(path: trace)
    let actions = try reader.actions(in: 1...reader.lastSeq())
    let answer = try #require(actions.first { $0.name == "search.internal.searchResponse" })
    let origin = answer.origin
    let effect = try #require(
      { if case let .effect(id) = origin { id } else { nil } }(), "sent back by an effect")
    return (answer.seq - 1, answer.seq, effect)
  }

  struct NotAnObject: Error {}

  @Test func badEditsAreOneLineWithStatus2() throws {
    let trace = try Self.demoTrace()
    let cases: [([String], String)] = [
      (["--replace", #"2={"nope":1}"#], "the action given for #2 does not decode"),
      (["--insert-after", "5={"], "#5"),
      (["--skip", "x"], "--skip expects seqs"),
      (["--skip", "2,,3"], "--skip expects seqs"),
      (["--skip", "99999"], "found 99999"),
      (["--replace", "2"], "--replace expects SEQ=JSON"),
      (["--insert-after", "-1={}"], "--insert-after expects SEQ=JSON"),
      (["--at", "3"], "expected --skip, --replace or --insert-after"),
      (["--json"], "--json prints an edited replay; expected --skip, --replace or --insert-after"),
      (["--skip", "2", "--mode", "live"], "hermetically"),
      (["--skip", "2", "--at", "99999"], "found 99999"),
      (["--skip", "2", "--skip", "2"], "edited twice"),
    ]
    for (arguments, part) in cases {
      let run = try ToolRun(["replay", trace] + arguments)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.output == "")
      #expect(run.errors.hasPrefix("tca-replay: "), "\(run.errors)")
      #expect(run.errors.dropLast().contains("\n") == false, "one line: \(run.errors)")
      #expect(run.errors.contains(part), "\(run.errors) names \(part)")
    }
  }
}
