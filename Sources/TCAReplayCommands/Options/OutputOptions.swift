import ArgumentParser
import Foundation

/// How a command prints: text (coloured on a terminal) or JSON.
public struct OutputOptions: ParsableArguments {
  @Flag(help: "Print JSON instead of text.")
  public var json = false

  @Flag(name: .customLong("no-color"), help: "Never colour the text (NO_COLOR does the same).")
  public var noColor = false

  public init() {}

  /// Whether text may be coloured: standard output is a terminal, `NO_COLOR` is not set and
  /// `--no-color` was not given.
  public var colors: Bool {
    Self.colorsAllowed(noColor: self.noColor, isTerminal: isatty(STDOUT_FILENO) == 1)
  }

  /// The rule behind ``colors``, for one output.
  public static func colorsAllowed(
    noColor: Bool, isTerminal: Bool,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Bool {
    guard isTerminal, !noColor else { return false }
    if let value = environment["NO_COLOR"], !value.isEmpty { return false }
    return environment["TERM"] != "dumb"
  }
}
