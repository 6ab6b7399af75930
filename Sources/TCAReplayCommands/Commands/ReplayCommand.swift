import ArgumentParser
import Replay

extension TCAReplay {
  /// `tca-replay replay TRACE [--mode hermetic|live] [--from SEQ]`: re-runs a recording through
  /// today's reducer and prints `identical` or the first divergence. With `--skip`, `--replace`
  /// or `--insert-after` it replays the recording edited ("what if") and prints what changed.
  public struct ReplayCommand<Features: ReplayableFeatures>: AsyncParsableCommand {
    public static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "replay",
        abstract: "Re-run a recording against today's reducer and report the first divergence.",
        discussion: """
          Hermetic (the default): every recorded input is fed in order on the recorded clock, \
          with the recorded dependency values; effects are tracked, not run. Live: only the \
          inputs sent from outside are fed and effects run, on a test clock, with the recorded \
          uuid, date and random values; the state after every action and the actions effects \
          send back are compared with the recording's. Exit status 0 when it ran (identical or \
          not), 2 when the trace cannot be replayed; `verify` exits 1 on a divergence. \
          With --skip, --replace or --insert-after (hermetic only): what if those inputs had \
          been different; prints the first action whose outcome differs, the effects that \
          started or stopped differently and the state at --at (default: the end), recorded → \
          what-if. An effect whose starting action is gone delivers nothing; one a replacement \
          starts in the original's place delivers the original's recorded outputs, and the \
          report says so. --json prints the what-if report as JSON.
          """)
    }

    @OptionGroup var options: ReplayOptions
    @OptionGroup var edits: EditOptions
    @Flag(help: "With edits: print the what-if report as JSON.")
    var json = false

    public init() {}

    public func run() async throws {
      if self.edits.isEditing {
        try await self.runEdited(features: Features.features)
        return
      }
      if self.edits.at != nil || self.json {
        let what = self.edits.at != nil ? "--at shows the state of" : "--json prints"
        throw CommandError(
          "\(what) an edited replay; expected --skip, --replace or --insert-after with it")
      }
      print(try await self.options.verdict(features: Features.features).output, terminator: "")
    }
  }

  /// `tca-replay verify TRACE`: replay for CI — exit 0 identical, 1 diverged, 2 cannot replay.
  public struct VerifyCommand<Features: ReplayableFeatures>: AsyncParsableCommand {
    public static var configuration: CommandConfiguration {
      CommandConfiguration(
        commandName: "verify",
        abstract: "Replay a recording and exit 0 if identical, 1 if it diverged, 2 if it cannot.")
    }

    @OptionGroup var options: ReplayOptions

    public init() {}

    public func run() async throws {
      let verdict = try await self.options.verdict(features: Features.features)
      print(verdict.output, terminator: "")
      if verdict.exitCode != 0 { throw ExitStatus(verdict.exitCode) }
    }
  }
}
