import ArgumentParser
import ComposableRuntime
import DemoApp
import Replay
import TCAReplayCommands
import TestGeneration
import Testing

/// docs/Replay.md's executable of a team's own, as written there (the demo app standing in for
/// the team's, `\.uuid` for its API client): it compiles, and its tool has the four commands.
enum MyFeatures: ReplayableFeatures, TestableFeatures {
  static var features: [ReplayableFeature] {
    [ReplayableFeature({ AppFeature() }, liveDependencies: { $0.uuid = .incrementing })]
  }
  static var testableFeatures: [TestableFeature] {
    [
      TestableFeature(
        module: "DemoApp", dependencies: "$0.uuid = .incrementing",
        withDependencies: { $0.uuid = .incrementing }
      ) { AppFeature() }
    ]
  }
}

struct MyTool: AsyncParsableCommand {
  static let configuration = TCAReplay.configuration(adding: [
    TCAReplay.ReplayCommand<MyFeatures>.self, TCAReplay.VerifyCommand<MyFeatures>.self,
    TCAReplay.ChaosCommand<MyFeatures>.self, TCAReplay.TestCommand<MyFeatures>.self,
  ])
}

@Suite struct OwnExecutableExampleTests {
  @Test func theDocumentedToolHasItsCommands() {
    let names = MyTool.configuration.subcommands.map { $0._commandName }
    for name in ["replay", "verify", "chaos", "test"] {
      #expect(names.contains(name))
    }
  }

  /// The whole tool for one package's features (what the SwiftPM plugin's runner runs): the
  /// standard commands and the four that need the feature.
  @Test func featureCommandsAreTheStandardOnesAndTheFeaturesFour() {
    let names = TCAReplay.FeatureCommands<MyFeatures>.configuration.subcommands.map {
      $0._commandName
    }
    #expect(names == TCAReplay.subcommands.map { $0._commandName } + ["replay", "verify", "chaos", "test"])
  }
}
