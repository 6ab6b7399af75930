import ArgumentParser
import TCAReplayCommands

/// `tca-replay` as shipped: every standard command, and `demo`.
struct TCAReplayTool: AsyncParsableCommand {
  static let configuration = TCAReplay.configuration(adding: [Demo.self])
}
