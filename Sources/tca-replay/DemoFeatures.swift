import DemoApp
import Replay
import TCAReplayCommands
import TestGeneration

/// The features the shipped tool replays: the demo app's root, whose effects run in live mode
/// with the clients the demo records with (ids, dates and random numbers are the recorded ones).
enum DemoFeatures: ReplayableFeatures {
  static var features: [ReplayableFeature] {
    [
      ReplayableFeature({ AppFeature() }) {
        $0.factClient = .liveValue
        $0.searchClient = .liveValue
      }
    ]
  }
}

extension DemoFeatures: TestableFeatures {
  /// The demo app's root; its generated tests get the offline fakes the demo records with.
  static var testableFeatures: [TestableFeature] {
    [
      TestableFeature(
        module: "DemoApp",
        dependencies: """
          $0.factClient = .liveValue
          $0.searchClient = .liveValue
          $0.defaultAppStorage = .inMemory
          """
      ) { AppFeature() }
    ]
  }
}
