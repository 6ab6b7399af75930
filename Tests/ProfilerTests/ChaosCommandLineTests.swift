import Foundation
import Testing
import Trace

@testable import Profiler

/// The chaos command a finding suggests can be pasted into a shell as it is: the shell reads
/// back exactly the trace and the predicate, whatever quotes or spaces they hold.
@Suite struct ChaosCommandLineTests {
  /// The words `/bin/sh` reads from `line`, one per line.
  func words(of line: String) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", "printf '%s\\n' " + line]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  @Test func theShellReadsBackTheTraceAndThePredicate() throws {
    let cases: [(trace: String, final: String?)] = [
      ("search.sqlite", #"resultsFor == "ber""#),
      ("/tmp/my traces/it's.sqlite", #"query == "don't" && count == 3"#),
      ("a$b`c`.sqlite", nil),
    ]
    for (trace, final) in cases {
      let line = ChaosCommandLine(trace: trace, final: final).description
      #expect(line.hasPrefix("tca-replay chaos "))
      let expected = ["tca-replay", "chaos", trace] + (final.map { ["--final", $0] } ?? [])
      #expect(try words(of: line) == expected, "\(line)")
    }
    #expect(
      ChaosCommandLine(trace: "search.sqlite", final: "a == 1").description
        == "tca-replay chaos search.sqlite --final 'a == 1'")
  }

  @Test func theFinalPredicateKeepsShortScalarsOfTheFinalState() throws {
    let long = String(repeating: "x", count: 80)
    let state = try TraceValue(
      jsonText: #"{"resultsFor":"ber","results":[1,2],"long":"\#(long)","count":3,"gone":null}"#)
    let paths = try ["long", "resultsFor", "results", "resultsFor", "count", "gone"].map {
      try TracePath(parsing: $0)
    }
    // Long values are left out; a path is named once; at most three.
    #expect(
      ChaosCommandLine.finalValues(at: paths, in: state)
        == #"resultsFor == "ber" && results == [1,2] && count == 3"#)
    #expect(ChaosCommandLine.finalValues(at: [paths[0]], in: state) == nil)
    let predicate = try #require(ChaosCommandLine.finalValues(at: paths, in: state))
    #expect(try StatePredicate(parsing: predicate).holds(in: state))
  }
}
