import ArgumentParser
import Foundation
import ProfileReports
import Trace

extension TCAReplay {
  /// `tca-replay export TRACE --chrome-trace FILE`: the session as a timeline for Perfetto and
  /// `chrome://tracing`; `--otlp FILE`: its spans as OTLP/JSON, for an OpenTelemetry backend;
  /// `--otlp-endpoint URL`: the same spans posted to an OTLP/HTTP receiver in batches.
  struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "Export the trace as Chrome Trace Event JSON (Perfetto, chrome://tracing) or OTLP/JSON.",
      discussion: """
        The store's thread shows a slice per action with nested slices per child scope; effects \
        sit on tracks of their own, with arrows from the action that started each and to the \
        actions it sent; a counter shows actions per second. With --otlp, the same actions, \
        scopes and effects as OpenTelemetry spans (an ExportTraceServiceRequest, as a \
        collector's file receiver reads it), with ids that stay the same on every export. With \
        --otlp-endpoint URL, posts them to an OTLP/HTTP receiver (URL/v1/traces when the URL has \
        no path) in batches, waiting and trying again while it answers 429, 502, 503 or 504. \
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
    @Option(
      name: .customLong("otlp-endpoint"),
      help: ArgumentHelp(
        "Post the spans as OTLP/JSON to an OTLP/HTTP receiver, e.g. http://localhost:4318.",
        valueName: "url"))
    var otlpEndpoint: String?
    @Option(
      name: .customLong("otlp-batch"), parsing: .unconditional,
      help: ArgumentHelp("With --otlp-endpoint: spans per request.", valueName: "count"))
    var otlpBatch = 1000

    func validate() throws {
      guard otlpBatch > 0 else {
        throw ValidationError("--otlp-batch expects a count of 1 or more; found \(otlpBatch)")
      }
    }

    func run() async throws {
      guard self.chromeTrace != nil || self.otlp != nil || self.otlpEndpoint != nil else {
        // NB: The message predates --otlp-endpoint and scripts match it; the help lists all three.
        throw CommandError("expected --chrome-trace FILE or --otlp FILE, found neither")
      }
      let sender = try self.otlpEndpoint.map { endpoint in
        do {
          var sender = try OTLPHTTPSender(endpoint: endpoint)
          if let scale = ProcessInfo.processInfo.environment["TCA_REPLAY_OTLP_BACKOFF_SCALE"]
            .flatMap(Double.init), scale >= 0
          {
            sender.delayScale = scale
          }
          return sender
        } catch {
          throw CommandError("\(error)")
        }
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
        if let sender {
          try await self.post(reader, with: sender)
        }
      } catch let error as ReportError {
        throw CommandError(error.description)
      } catch let error as OTLPSendError {
        throw CommandError(error.description)
      }
    }

    /// Posts the trace's spans to the receiver in batches of `--otlp-batch`.
    private func post(_ reader: TraceReader, with sender: OTLPHTTPSender) async throws {
      let batch = self.otlpBatch
      // NB: Each request waits for its answer, so the export runs on a thread of its own rather
      // than blocking one of the cooperative pool's few.
      let summary = try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
          continuation.resume(
            with: Result {
              try OTLPExporter(trace: reader).export(batchesOf: batch) { try sender.post($0) }
            })
        }
      }
      let requests = (summary.spans + batch - 1) / batch
      print(
        "Posted \(summary.spans) spans in \(requests) request\(requests == 1 ? "" : "s") "
          + "(\(sender.attempts) attempt\(sender.attempts == 1 ? "" : "s"), trace "
          + "\(summary.traceID)) to \(sender.url.absoluteString).")
    }

    private static func printSummary(_ summary: ChromeTraceExporter.Summary, path: String) {
      print(
        "Wrote \(summary.events) events (\(summary.bytes) bytes, \(summary.effectTracks) effect "
          + "track\(summary.effectTracks == 1 ? "" : "s")) to \(path); open it in "
          + "https://ui.perfetto.dev or chrome://tracing.")
    }
  }
}
