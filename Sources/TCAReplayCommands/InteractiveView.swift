import Foundation
import Trace
import TraceBrowser

/// The interactive view as the commands start it: `tca-replay open`, and `demo` in a terminal.
///
/// ```swift
/// let reader = try TraceReader(path: "session.sqlite")
/// try await InteractiveView.run(reader, title: "session.sqlite")
/// ```
public enum InteractiveView {
  /// Whether standard input and standard output are a terminal, so the view can run.
  public static var isAvailable: Bool { TerminalBrowser.hasTerminal }

  /// Runs the view on `reader`'s trace until the user quits, on action `seq` or the first.
  ///
  /// Throws a ``CommandError`` (one line, exit status 2) when there is no terminal, before the
  /// screen changes; the terminal is put back however the view ends.
  public static func run(
    _ reader: TraceReader, title: String, at seq: Int64? = nil, noColor: Bool = false
  ) async throws {
    guard self.isAvailable else {
      throw CommandError(
        "open needs a terminal; found standard input or output redirected (a pipe or a file): "
          + "run it in a terminal, or print with log, show or diff")
    }
    let colors = OutputOptions.colorsAllowed(noColor: noColor, isTerminal: true)
    let status: Int32
    do {
      status = try await TerminalBrowser.run(reader, title: title, at: seq, colors: colors)
    } catch let failure as BrowserFailure {
      throw CommandError(failure.description)
    }
    if status != 0 { throw ExitStatus(status) }
  }
}
