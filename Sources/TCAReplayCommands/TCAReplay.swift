import ArgumentParser

/// The `tca-replay` command: opens a trace and travels through it.
///
/// The shipped executable registers these subcommands and adds `demo`; a team's own executable
/// can register them the same way beside commands of its own:
///
/// ```swift
/// @main struct MyTool: AsyncParsableCommand {
///   static let configuration = TCAReplay.configuration(adding: [MyCommand.self])
///   static func main() async { await CommandLineTool.main(Self.self) }
/// }
/// ```
public struct TCAReplay: AsyncParsableCommand {
  /// The subcommands every build of the tool has, in the order `--help` lists them.
  public static let subcommands: [any ParsableCommand.Type] = [
    Info.self, Log.self, Show.self, Diff.self, Changes.self, Find.self, Why.self, Effects.self,
    Scopes.self, Open.self, Profile.self, Export.self,
  ]

  public static let configuration: CommandConfiguration = configuration(adding: [])

  /// The root command's configuration with `extra` subcommands listed after the standard ones.
  public static func configuration(adding extra: [any ParsableCommand.Type]) -> CommandConfiguration
  {
    CommandConfiguration(
      commandName: "tca-replay",
      abstract: "A flight recorder, time machine and profiler for TCA-style apps.",
      discussion: """
        Opens a trace recorded with `.record(to:)` and travels through it. Every command that \
        prints also writes JSON with --json.
        """,
      subcommands: subcommands + extra)
  }

  public init() {}
}
