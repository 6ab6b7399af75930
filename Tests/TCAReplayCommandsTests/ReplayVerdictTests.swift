import ComposableRuntime
import DemoApp
import Foundation
import Replay
import TCAReplayCommands
import TestSupport
import Testing

/// What the `replay` and `verify` commands print and exit with, for each kind of trace, on the
/// demo's current sample.
@MainActor
@Suite struct ReplayVerdictTests {
  static let sample = ToolRun.sampleTrace(version: 3).path
  let features = [ReplayableFeature { AppFeature() }]

  @Test func identical() async throws {
    let verdict = await ReplayVerdict.run(path: Self.sample, features: self.features)
    #expect(
      verdict
        == ReplayVerdict(
          output: "identical: 61 actions replayed (hermetic)\n", error: "", exitCode: 0)
    )
  }

  @Test func diverged() async throws {
    let verdict = await ReplayVerdict.run(
      path: Self.sample, features: [ReplayableFeature { CountsTwice() }])
    #expect(verdict.exitCode == 1)
    #expect(verdict.output.hasPrefix("diverged at #1 counter.view.incrementButtonTapped"))
    #expect(verdict.error == "")
  }

  @Test func aTraceOfAFeatureNobodyRegistered() async throws {
    let verdict = await ReplayVerdict.run(
      path: Self.sample, features: [ReplayableFeature { CounterFeature() }])
    #expect(
      verdict
        == ReplayVerdict(
          output: "",
          error: "error: \(Self.sample): records DemoApp.AppFeature.State; this executable replays "
            + "DemoApp.CounterFeature.State; replay it with `swift package tca-replay` in the "
            + "package that declares it, or an executable that registers that feature "
            + "(ReplayableFeatures)\n",
          exitCode: 2))
  }

  @Test func aMissingFile() async {
    let verdict = await ReplayVerdict.run(path: "/nonexistent.sqlite", features: self.features)
    #expect(verdict.exitCode == 2)
    #expect(verdict.output == "")
    #expect(verdict.error.hasPrefix("error: "))
    #expect(verdict.error.filter { $0 == "\n" }.count == 1)
  }
}

/// The demo app as if its counter had changed to count in twos.
private struct CountsTwice: Reducer {
  typealias State = AppFeature.State
  typealias Action = AppFeature.Action

  var body: some Reducer<State, Action> {
    AppFeature()
    Reduce { state, action in
      if case .counter(.view(.incrementButtonTapped)) = action { state.counter.count += 1 }
      return .none
    }
  }
}
