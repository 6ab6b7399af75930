import ComposableRuntime
import DemoApp
import Foundation
import Replay
import TestSupport
import Testing

/// `Replay.run(path:features:)`, the engine behind `replay` and `verify`: it picks the registered
/// feature the trace records and returns what came of the replay, or a one-line error.
@MainActor
@Suite struct ReplayFeaturesTests {
  let features = [ReplayableFeature { AppFeature() }, ReplayableFeature { Probe() }]

  @Test func picksTheFeatureTheTraceRecords() async throws {
    let path = temporaryPath()
    try await recordProbeSession(at: path)
    let result = try await Replay.run(path: path, features: self.features)
    #expect(result.divergence == nil)
    #expect(result.replayedActions == 14)
  }

  @Test func aDivergenceIsAValue() async throws {
    let path = temporaryPath()
    try await recordProbeSession(at: path)
    let result = try await Replay.run(
      path: path, features: [ReplayableFeature { Probe(variant: .forgetsToCancel) }])
    let divergence = try #require(result.divergence)
    #expect(divergence.description.hasPrefix("diverged at #"))
  }

  @Test func aTraceOfAFeatureNobodyRegistered() async throws {
    let path = temporaryPath()
    try await recordProbeSession(at: path)
    await #expect {
      try await Replay.run(path: path, features: [ReplayableFeature { AppFeature() }])
    } throws: {
      "\($0)" == "\(path): records ReplayTests.Probe.State; this executable replays "
        + "DemoApp.AppFeature.State; replay it with `swift package tca-replay` in the package "
        + "that declares it, or an executable that registers that feature (ReplayableFeatures)"
    }
  }

  @Test func aMissingFile() async {
    await #expect {
      try await Replay.run(path: "/nonexistent.sqlite", features: self.features)
    } throws: {
      $0 is ReplayError && !"\($0)".contains("\n")
    }
  }
}
