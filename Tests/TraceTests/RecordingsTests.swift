import Foundation
import TestSupport
import Testing
import Trace

/// Every sample trace in `Recordings/` still opens and rebuilds its states: a trace of each schema
/// version is kept there.
@Suite struct RecordingsTests {
  static let recordings = ToolRun.recordings

  static var traces: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: recordings.path)) ?? [])
      .filter { $0.hasSuffix(".sqlite") }.sorted()
  }

  @Test func thereIsATraceOfTheCurrentSchema() {
    #expect(Self.traces.contains("demo-v\(TraceSchema.version).sqlite"))
  }

  @Test(arguments: traces)
  func sampleTraceOpens(_ name: String) throws {
    // Opened from a copy: a reader must not need to write next to a committed file.
    let copy = temporaryFolder().appendingPathComponent(name)
    try FileManager.default.copyItem(
      at: Self.recordings.appendingPathComponent(name), to: copy)
    let trace = try TraceReader(path: copy.path)
    #expect(trace.header.finishedCleanly)
    let (count, first, last) = try trace.actionSummary()
    #expect(count > 0)
    if name.hasPrefix("demo-") {
      #expect(name == "demo-v\(trace.header.schemaVersion).sqlite")
    }
    #expect(try trace.state(at: try #require(last)) != trace.state(at: 0))
    #expect(try !trace.actions(in: first!...last!).isEmpty)
    #expect(try !trace.effects().isEmpty)
  }

  /// The stored state hashes are the chain ``StateHash`` defines, over the stored diffs.
  @Test(arguments: traces)
  func sampleTraceHashesChainThroughItsDiffs(_ name: String) throws {
    let copy = temporaryFolder().appendingPathComponent(name)
    try FileManager.default.copyItem(
      at: Self.recordings.appendingPathComponent(name), to: copy)
    let trace = try TraceReader(path: copy.path)
    let (_, first, last) = try trace.actionSummary()
    var hash = StateHash(initial: try trace.state(at: 0))
    for action in try trace.actions(in: first!...last!) {
      hash.chain(action.diff)
      #expect(action.stateHash == hash.value, "action \(action.seq)")
    }
  }
}
