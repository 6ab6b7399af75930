import DemoApp
import Replay
import TCAReplayCommands

/// The features the shipped tool replays: the demo app's root, whose effects run in live mode
/// with the clients and the id generator the demo records with.
enum DemoFeatures: ReplayableFeatures {
  static var features: [ReplayableFeature] {
    [
      ReplayableFeature({ AppFeature() }) {
        $0.uuid = .incrementing
        $0.factClient = .liveValue
        $0.searchClient = .liveValue
      }
    ]
  }
}
