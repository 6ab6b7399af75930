import DemoApp
import Replay
import TCAReplayCommands

/// The features the shipped tool replays: the demo app's root.
enum DemoFeatures: ReplayableFeatures {
  static var features: [ReplayableFeature] { [ReplayableFeature { AppFeature() }] }
}
