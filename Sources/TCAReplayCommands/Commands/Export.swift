import ArgumentParser
import ProfileReports
import Trace

extension TCAReplay {
  /// `tca-replay export TRACE --chrome-trace FILE`: the session as a timeline for Perfetto and
  /// `chrome://tracing`.
  struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Export the trace as Chrome Trace Event JSON, for Perfetto or chrome://tracing.",
      discussion: """
        The store's thread shows a slice per action with nested slices per child scope; effects \
        sit on tracks of their own, with arrows from the action that started each and to the \
        actions it sent; a counter shows actions per second. Streamed: any length of trace \
        exports in little memory.
        """)

    @OptionGroup var trace: TraceOptions
    @Option(
      name: .customLong("chrome-trace"),
      help: ArgumentHelp("Where to write the Chrome Trace Event JSON.", valueName: "file"))
    var chromeTrace: String

    func run() async throws {
      let reader = try self.trace.open()
      let summary: ChromeTraceExporter.Summary
      do {
        summary = try ChromeTraceExporter(trace: reader).export(to: self.chromeTrace)
      } catch let error as ReportError {
        throw CommandError(error.description)
      }
      print(
        "Wrote \(summary.events) events (\(summary.bytes) bytes, \(summary.effectTracks) effect "
          + "track\(summary.effectTracks == 1 ? "" : "s")) to \(self.chromeTrace); open it in "
          + "https://ui.perfetto.dev or chrome://tracing.")
    }
  }
}
