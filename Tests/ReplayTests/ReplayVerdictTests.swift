import ComposableRuntime
import DemoApp
import Foundation
import Replay
import TestSupport
import Testing

/// What the `replay` and `verify` commands print and exit with, for each kind of trace.
@MainActor
@Suite struct ReplayVerdictTests {
  let features = [ReplayableFeature { Probe() }]

  @Test func identical() async throws {
    let path = temporaryPath()
    try await recordProbeSession(at: path)
    let verdict = await ReplayVerdict.run(path: path, features: self.features)
    #expect(
      verdict == ReplayVerdict(output: "identical: 14 actions replayed (hermetic)\n", error: "", exitCode: 0))
  }

  @Test func diverged() async throws {
    let path = temporaryPath()
    try await recordProbeSession(at: path)
    let verdict = await ReplayVerdict.run(
      path: path, features: [ReplayableFeature { Probe(variant: .forgetsToCancel) }])
    #expect(verdict.exitCode == 1)
    #expect(verdict.output.hasPrefix("diverged at #"))
    #expect(verdict.error == "")
  }

  @Test func aTraceOfAFeatureNobodyRegistered() async throws {
    let path = temporaryPath()
    try await recordProbeSession(at: path)
    let verdict = await ReplayVerdict.run(
      path: path, features: [ReplayableFeature { AppFeature() }])
    #expect(
      verdict
        == ReplayVerdict(
          output: "",
          error: "error: \(path): records ReplayTests.Probe.State; this executable replays "
            + "DemoApp.AppFeature.State\n",
          exitCode: 2))
  }

  @Test func aMissingFile() async {
    let verdict = await ReplayVerdict.run(path: "/nonexistent.sqlite", features: self.features)
    #expect(verdict.exitCode == 2)
    #expect(verdict.error.hasPrefix("error: "))
    #expect(verdict.error.filter { $0 == "\n" }.count == 1)
  }
}
