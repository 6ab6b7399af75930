import Foundation
import ProfileReports
import Testing
import Trace
import TraceTestSupport

/// `--otlp-batch N`: requests of at most N spans each, every one a whole request.
@Suite struct OTLPBatchTests {
  /// Seven spans in batches of three: 3, 3 and 1 (a count the batch size does not divide, so a
  /// batch one span too large would also make fewer requests).
  @Test func noRequestHoldsMoreSpansThanTheBatchSize() throws {
    var fixture = SessionFixture()
    for index in 0..<7 {
      fixture.action("app.view.tap", at: Int64(index + 1) * 1_000_000, duration: 1_000)
    }
    let trace = try fixture.write(to: temporaryTracePath(), end: 10_000_000)
    var requests: [[[String: Any]]] = []
    let summary = try OTLPExporter(trace: trace).export(batchesOf: 3) { body in
      let object = try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any]
      let resource = (object?["resourceSpans"] as? [[String: Any]])?.first
      let scope = (resource?["scopeSpans"] as? [[String: Any]])?.first
      requests.append(scope?["spans"] as? [[String: Any]] ?? [])
    }
    #expect(summary.spans == 7)
    #expect(requests.map(\.count) == [3, 3, 1])
    let seqs = requests.joined().compactMap { span in
      (span["attributes"] as? [[String: Any]])?
        .first { $0["key"] as? String == "tca.action.seq" }
        .flatMap { ($0["value"] as? [String: Any])?["intValue"] as? String }
    }
    #expect(seqs == (1...7).map(String.init))
  }
}
