import Foundation
import TestSupport
import Testing

/// `tca-replay export TRACE --otlp-endpoint URL`, posting to a receiver on the loopback address
/// that the test starts: a small Python HTTP server that answers 503 twice before accepting, or
/// refuses every request with 400.
@Suite(.serialized) struct OTLPEndpointTests {
  static let trace = ToolRun.sampleTrace(version: 3).path

  /// The receiver: prints its port, then keeps each accepted body in the folder given, and logs
  /// each request's path and content type.
  static let receiver = """
    import http.server, os, sys
    mode, folder = sys.argv[1], sys.argv[2]
    count = [0]
    class Receiver(http.server.BaseHTTPRequestHandler):
        def body(self):
            if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
                data = b""
                while True:
                    size = int(self.rfile.readline().strip(), 16)
                    if size == 0:
                        self.rfile.readline()
                        return data
                    data += self.rfile.read(size)
                    self.rfile.readline()
            return self.rfile.read(int(self.headers.get("Content-Length", 0)))
        def do_POST(self):
            body = self.body()
            count[0] += 1
            with open(os.path.join(folder, "requests.log"), "a") as log:
                log.write(self.path + " " + str(self.headers.get("Content-Type")) + "\\n")
            if mode == "refuse":
                self.send_response(400)
                self.end_headers()
                self.wfile.write(b"bad request: no spans here\\n")
            elif count[0] <= 2:
                self.send_response(503)
                self.send_header("Retry-After", "1")
                self.end_headers()
            else:
                with open(os.path.join(folder, "body-%04d.json" % count[0]), "wb") as f:
                    f.write(body)
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(b"{}")
        def log_message(self, *arguments):
            pass
    server = http.server.HTTPServer(("127.0.0.1", 0), Receiver)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """

  /// A running receiver: its port and the folder it writes to; stopped by `stop()`.
  final class Receiver {
    let process = Process()
    let folder: String
    let port: Int

    init(mode: String) throws {
      folder = temporaryPath("receiver")
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["python3", "-c", OTLPEndpointTests.receiver, mode, folder]
      let output = Pipe()
      process.standardOutput = output
      try process.run()
      var line = Data()
      while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty,
        byte != Data("\n".utf8)
      {
        line += byte
      }
      port = Int(String(decoding: line, as: UTF8.self)) ?? 0
    }

    var requests: [String] {
      ((try? String(contentsOfFile: folder + "/requests.log", encoding: .utf8)) ?? "")
        .split(separator: "\n").map(String.init)
    }

    var bodies: [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
        .filter { $0.hasPrefix("body-") }.sorted().map { folder + "/" + $0 }
    }

    func stop() {
      // NB: SIGKILL, not `terminate()`: a child of the test process inherits its blocked
      // signals, SIGTERM among them, and would never stop.
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
  }

  /// No waiting between attempts: the receiver's `Retry-After: 1` scaled to nothing.
  static let noBackoff = ["TCA_REPLAY_OTLP_BACKOFF_SCALE": "0"]

  @Test func postsEverySpanInBatchesAfterTwoBusyAnswers() throws {
    let receiver = try Receiver(mode: "busy")
    defer { receiver.stop() }
    try #require(receiver.port > 0)
    let run = try ToolRun(
      [
        "export", Self.trace, "--otlp-endpoint", "http://127.0.0.1:\(receiver.port)",
        "--otlp-batch", "50",
      ], environment: Self.noBackoff)
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.errors == "")
    let url = "http://127.0.0.1:\(receiver.port)/v1/traces"
    #expect(run.output.hasPrefix("Posted 160 spans in 4 requests (6 attempts, trace "))
    #expect(run.output.hasSuffix(") to \(url).\n"))
    #expect(receiver.requests == Array(repeating: "/v1/traces application/json", count: 6))

    // Every batch is a whole request the OpenTelemetry definitions accept, all of one trace,
    // and together they hold every span of the file export once.
    let bodies = receiver.bodies
    #expect(bodies.count == 4)
    var spans = 0
    var traceIDs: Set<String> = []
    for body in bodies {
      let report = try OTLPExportTests.validated(body)
      spans += report["spans"] as? Int ?? 0
      traceIDs.formUnion(report["traceIDs"] as? [String] ?? [])
      #expect(report["resources"] as? Int == 1)
      #expect(report["serviceName"] as? String == "DemoApp")
    }
    #expect(spans == 160)
    #expect(traceIDs.count == 1)
  }

  @Test func aReceiverThatRefusesOrIsNotThereIsOneLineAndStatusTwo() throws {
    let refusing = try Receiver(mode: "refuse")
    let url = "http://127.0.0.1:\(refusing.port)/v1/traces"
    let refused = try ToolRun(
      ["export", Self.trace, "--otlp-endpoint", url], environment: Self.noBackoff)
    refusing.stop()
    #expect(refused.status == 2)
    #expect(refused.output == "")
    #expect(
      refused.errors
        == "tca-replay: \(url): expected the receiver to accept the spans, found HTTP 400: "
        + "bad request: no spans here\n")
    #expect(refusing.requests.count == 1)

    // The same port with nothing listening any more.
    let gone = try ToolRun(
      ["export", Self.trace, "--otlp-endpoint", url], environment: Self.noBackoff)
    #expect(gone.status == 2)
    #expect(gone.output == "")
    #expect(
      gone.errors.hasPrefix("tca-replay: \(url): expected an OTLP/HTTP receiver, found none ("))
    #expect(gone.errors.filter { $0 == "\n" }.count == 1)

    let bad = try ToolRun(["export", Self.trace, "--otlp-endpoint", "localhost:4318"])
    #expect(bad.status == 2)
    #expect(
      bad.errors
        == "tca-replay: --otlp-endpoint: expected an http or https URL such as "
        + "http://localhost:4318, found 'localhost:4318'\n")
  }
}
