import ComposableRuntime
import DemoApp
import Foundation
import Replay
import TestSupport
import Testing
import Trace

/// An edited replay says when a replaced action's recorded effect outputs are still delivered:
/// the replacement starts an effect in the original's place, which answers as recorded.
@MainActor
@Suite struct RedeliveredOutputsTests {
  @Test func aReplacedQueryGetsTheOriginalQuerysAnswer() async throws {
    let path = temporaryPath()
    try await recordFastTyping(at: path, cancelsInFlight: true)
    let last = try seq(of: "queryChanged", occurrence: 3, in: path)
    let answer = try seq(of: "searchResponse", in: path)
    let result = try await Replay(path: path).run(
      Lookup(), edits: [.replace(last, with: .queryChanged("bar"))])
    let redelivered = try #require(result.redeliveredOutputs.first)
    #expect(result.redeliveredOutputs.count == 1, "\(result.redeliveredOutputs)")
    #expect(redelivered.seq == last)
    #expect(redelivered.outputs == [answer])
    #expect(
      redelivered.description
        == "outputs recorded for the original #\(last) still delivered to its replacement: "
        + "#\(answer) (effect #\(redelivered.effectID))")
    // What the line warns of: the results on screen answer the original query.
    #expect(result.state?.value(at: try TracePath(parsing: "query")) == .string("bar"))
    #expect(result.state?.value(at: try TracePath(parsing: "resultsFor")) == .string("ber"))
  }

  @Test func aReplacementThatStartsNoEffectGetsNothing() async throws {
    let path = temporaryPath()
    try await recordFastTyping(at: path, cancelsInFlight: true)
    let last = try seq(of: "queryChanged", occurrence: 3, in: path)
    let answer = try seq(of: "searchResponse", in: path)
    let result = try await Replay(path: path).run(
      Lookup(), edits: [.replace(last, with: .searchResponse(query: "bar", cities: []))])
    #expect(result.redeliveredOutputs.isEmpty, "\(result.redeliveredOutputs)")
    #expect(result.droppedOutputs == [answer])
  }
}
