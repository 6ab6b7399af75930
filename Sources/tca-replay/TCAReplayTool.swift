import ArgumentParser
import TCAReplayCommands

/// `tca-replay` as shipped: every standard command, `replay`, `verify` and `chaos` for the demo
/// app's traces, and `demo`.
struct TCAReplayTool: AsyncParsableCommand {
  static let configuration = TCAReplay.configuration(adding: [
    TCAReplay.ReplayCommand<DemoFeatures>.self, TCAReplay.VerifyCommand<DemoFeatures>.self,
    TCAReplay.ChaosCommand<DemoFeatures>.self, TCAReplay.TestCommand<DemoFeatures>.self,
    Demo.self,
  ])
}
