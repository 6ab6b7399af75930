import ArgumentParser
import Foundation
import Trace
import TraceBrowser

extension TCAReplay {
  /// `tca-replay open TRACE [--at SEQ]`: the interactive view, full screen.
  struct Open: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Travel through a trace full screen: step, jump, search, watch a state path.",
      discussion: """
        The action list beside the state at the cursor, and under them the diff the action made. \
        Keys: j/k or the arrows, PgDn/PgUp, g/G, : N Enter, / TEXT Enter, n/N, w PATH Enter, \
        ]/[, e, s, Tab, Enter/Space, F, ? for help, q to quit. Needs a terminal; the other \
        commands print the same things to a pipe.
        """)

    @OptionGroup var trace: TraceOptions
    // NB: `.unconditional`, so that `--at -5` is a value to check, not a flag named 5.
    @Option(
      name: .customLong("at"), parsing: .unconditional,
      help: "Open on action SEQ instead of the first.")
    var seq: Int64?
    @Flag(name: .customLong("no-color"), help: "Never colour the view (NO_COLOR does the same).")
    var noColor = false

    func run() async throws {
      let reader = try self.trace.open()
      if let seq { try Self.check(seq, in: reader) }
      try await InteractiveView.run(
        reader, title: (self.trace.trace as NSString).lastPathComponent, at: self.seq,
        noColor: self.noColor)
    }

    /// Throws unless `seq` is one of the trace's actions.
    static func check(_ seq: Int64, in reader: TraceReader) throws {
      guard let bounds = try reader.bounds() else {
        throw CommandError("expected an action for --at, found a trace with no actions")
      }
      guard bounds.contains(seq) else {
        throw CommandError(
          "expected --at to name an action from \(bounds.lowerBound) to \(bounds.upperBound), "
            + "found \(seq)")
      }
    }
  }
}
