import ArgumentParser
import Foundation
import Trace

/// Runs a root command with tca-replay's conventions: help on standard output with status 0, and
/// any bad input (a wrong flag, a missing or unreadable trace, a number out of range) as one line
/// on standard error with status 2, never a stack trace.
///
/// ```swift
/// await CommandLineTool.main(TCAReplay.self)
/// ```
public enum CommandLineTool {
  /// The name this executable was run by (`tca-replay`, or a team's own tool that registers its
  /// features): what a hint tells the user to run again. The environment variable
  /// `TCA_REPLAY_COMMAND` names it instead when the executable is run on the user's behalf (the
  /// SwiftPM plugin sets `swift package tca-replay`).
  public static var executableName: String {
    if let command = ProcessInfo.processInfo.environment["TCA_REPLAY_COMMAND"], !command.isEmpty {
      return command
    }
    return CommandLine.arguments.first.map {
      String($0.split(separator: "/").last ?? Substring($0))
    } ?? "tca-replay"
  }

  /// Parses the process's arguments with `root`, runs the chosen command and exits.
  public static func main(
    _ root: any ParsableCommand.Type,
    arguments: [String] = Array(CommandLine.arguments.dropFirst())
  ) async -> Never {
    let status = await run(root, arguments: arguments)
    exit(status)
  }

  /// Parses `arguments` with `root` and runs the chosen command, returning its exit status;
  /// `reportError` receives the one line an error makes (standard error by default).
  public static func run(
    isolation: isolated (any Actor)? = #isolation,
    _ root: any ParsableCommand.Type, arguments: [String],
    reportError: (String) -> Void = CommandLineTool.printError
  ) async -> Int32 {
    let name = root.configuration.commandName ?? "tca-replay"
    do {
      // NB: For `--help` and `help`, parsing returns a command of the parser's own whose `run`
      // throws the request; it is answered below like any other clean exit.
      var command = try root.parseAsRoot(arguments)
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
      return 0
    } catch let status as ExitStatus {
      return status.code
    } catch let error as CommandError {
      reportError("\(name): \(error)")
      return 2
    } catch let error as TraceError {
      reportError("\(name): \(error)")
      return 2
    } catch let error as TracePathParsingError {
      reportError("\(name): \(error)")
      return 2
    } catch {
      if root.exitCode(for: error) == .success {
        print(root.fullMessage(for: error))
        return 0
      }
      let message =
        root.message(for: error)
        .split(whereSeparator: \.isNewline).first.map(String.init) ?? "\(error)"
      reportError("\(name): \(message)")
      return 2
    }
  }

  /// Writes one line to standard error.
  public static func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }

  /// Writes one line to standard error that explains an answer without being an error, such as
  /// why a listing came back empty; the exit status stays 0.
  static func printNote(_ line: String) {
    printError(line)
  }
}
