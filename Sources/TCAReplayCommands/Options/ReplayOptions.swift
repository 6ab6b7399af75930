import ArgumentParser
import Foundation
import Replay

/// What `replay` and `verify` share: the trace, the mode and where to start.
struct ReplayOptions: ParsableArguments {
  @Argument(help: "The trace to replay (a .sqlite file written by the recorder).")
  var trace: String

  @Option(help: "hermetic (effects tracked, not run; the default) or live (effects run).")
  var mode: ModeArgument = .hermetic

  // NB: `.unconditional`, so that `--from -5` is a value to check, not a flag named 5.
  @Option(parsing: .unconditional, help: "Start at this seq, which must hold a Codable keyframe.")
  var from: Int64?

  /// The modes as the command line spells them.
  enum ModeArgument: String, ExpressibleByArgument, CaseIterable {
    case hermetic, live

    var mode: Replay.Mode { self == .hermetic ? .hermetic : .liveEffects }
  }

  /// Replays the trace with `features`; a trace that cannot replay is a ``CommandError``.
  func verdict(features: [ReplayableFeature]) async throws -> ReplayVerdict {
    let verdict = await ReplayVerdict.run(
      path: self.trace, features: features, mode: self.mode.mode, from: self.from)
    if verdict.exitCode == 2 {
      var line = verdict.error.trimmingCharacters(in: .newlines)
      if line.hasPrefix("error: ") { line.removeFirst("error: ".count) }
      throw CommandError(line)
    }
    return verdict
  }
}
