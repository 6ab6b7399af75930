import ArgumentParser
import ProfileReports
import Trace

extension TCAReplay {
  /// `tca-replay export TRACE --chrome-trace FILE`: the session as a timeline for Perfetto and
  /// `chrome://tracing`; `--otlp FILE`: its spans as OTLP/JSON, for an OpenTelemetry backend.
  struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Export the trace as Chrome Trace Event JSON (Perfetto, chrome://tracing) or OTLP/JSON.",
      discussion: """
        The store's thread shows a slice per action with nested slices per child scope; effects \
        sit on tracks of their own, with arrows from the action that started each and to the \
        actions it sent; a counter shows actions per second. With --otlp, the same actions, \
        scopes and effects as OpenTelemetry spans (an ExportTraceServiceRequest, as a \
        collector's file receiver reads it), with ids that stay the same on every export. \
        Streamed: any length of trace exports in little memory.
        """)

    @OptionGroup var trace: TraceOptions
    @Option(
      name: .customLong("chrome-trace"),
      help: ArgumentHelp("Where to write the Chrome Trace Event JSON.", valueName: "file"))
    var chromeTrace: String?
    @Option(
      name: .customLong("otlp"),
      help: ArgumentHelp("Where to write the spans as OTLP/JSON.", valueName: "file"))
    var otlp: String?

    func run() async throws {
      guard self.chromeTrace != nil || self.otlp != nil else {
        throw CommandError("expected --chrome-trace FILE or --otlp FILE, found neither")
      }
      let reader = try self.trace.open()
      do {
        if let chromeTrace = self.chromeTrace {
          let summary = try ChromeTraceExporter(trace: reader).export(to: chromeTrace)
          Self.printSummary(summary, path: chromeTrace)
        }
        if let otlp = self.otlp {
          let summary = try OTLPExporter(trace: reader).export(to: otlp)
          print(
            "Wrote \(summary.spans) spans (\(summary.bytes) bytes, trace \(summary.traceID)) to "
              + "\(otlp).")
        }
      } catch let error as ReportError {
        throw CommandError(error.description)
      }
    }

    private static func printSummary(_ summary: ChromeTraceExporter.Summary, path: String) {
      print(
        "Wrote \(summary.events) events (\(summary.bytes) bytes, \(summary.effectTracks) effect "
          + "track\(summary.effectTracks == 1 ? "" : "s")) to \(path); open it in "
          + "https://ui.perfetto.dev or chrome://tracing.")
    }
  }
}
