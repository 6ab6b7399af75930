import Foundation
import GRDB
import TraceTestSupport
import Testing

@testable import Trace

/// Schema 4's additions read back as written: send sites, the header's metadata and the clock's
/// requests; traces of older versions read them as unknown or empty.
@Suite struct SchemaVersion4Tests {
  func makeTrace(at path: String, metadata: [String: String]) throws {
    let writer = try TraceWriter.forTests(at: path, metadata: metadata)
    var batch = TraceBatch()
    batch.keyframes.append(KeyframeRecord(seq: 0, state: .object([]), codable: nil))
    batch.actions = [
      ActionRecord(
        seq: 1, origin: .send, name: "tapped", payload: nil, startNanoseconds: 10,
        durationNanoseconds: 1, stateChanged: false, stateHash: 0, diff: [],
        site: SendSite(file: "MyApp/CounterView.swift", line: 28)),
      ActionRecord(
        seq: 2, origin: .effect(1), name: "ticked", payload: nil, startNanoseconds: 20,
        durationNanoseconds: 1, stateChanged: false, stateHash: 0, diff: []),
    ]
    batch.clockRequests = [
      ClockRequestRecord(request: .now, reader: .action(1), nanoseconds: 12),
      ClockRequestRecord(request: .sleep, reader: .effect(1), nanoseconds: 1_000_000_000),
      ClockRequestRecord(request: .sleep, reader: .unknown, nanoseconds: 5),
    ]
    try writer.write(batch)
    try writer.finish(cleanly: true, reason: "finished", endNanoseconds: 30)
  }

  @Test func sitesMetadataAndClockRequestsReadBack() throws {
    let path = temporaryPath()
    try makeTrace(at: path, metadata: ["appVersion": "2.3", "device": "iPhone \"15\""])
    let trace = try TraceReader(path: path)
    #expect(trace.header.schemaVersion >= 4)
    #expect(trace.header.metadata == ["appVersion": "2.3", "device": "iPhone \"15\""])
    let actions = try trace.actions(in: 1...2)
    #expect(actions.map(\.site) == [SendSite(file: "MyApp/CounterView.swift", line: 28), nil])
    #expect(actions.first?.site?.description == "CounterView.swift:28")
    #expect(
      try trace.clockRequests() == [
        ClockRequestRecord(request: .now, reader: .action(1), nanoseconds: 12),
        ClockRequestRecord(request: .sleep, reader: .effect(1), nanoseconds: 1_000_000_000),
        ClockRequestRecord(request: .sleep, reader: .unknown, nanoseconds: 5),
      ])
  }

  @Test func storedSpellingsAreFixed() throws {
    let path = temporaryPath()
    try makeTrace(at: path, metadata: ["b": "2", "a": "1"])
    let (metadata, requests, sites) = try DatabaseQueue(path: path).read { db in
      (
        try String.fetchOne(db, sql: "SELECT metadata FROM header"),
        try String.fetchAll(db, sql: "SELECT request FROM clock_requests ORDER BY ordinal"),
        try Row.fetchAll(db, sql: "SELECT site_file, site_line FROM actions ORDER BY seq")
      )
    }
    #expect(metadata == #"{"a":"1","b":"2"}"#)
    #expect(requests == ["now", "sleep", "sleep"])
    #expect(sites.map { $0["site_file"] as String? } == ["MyApp/CounterView.swift", nil])
    #expect(sites.map { $0["site_line"] as Int? } == [28, nil])
  }

  @Test func theOriginCheckAllowsSharedChanges() throws {
    let path = temporaryPath()
    try makeTrace(at: path, metadata: [:])
    try DatabaseQueue(path: path).write { db in
      try db.execute(
        sql: """
          INSERT INTO actions (seq, origin, name, start_ns, duration_ns, state_changed, state_hash)
          VALUES (3, 'shared', 'appStorage(unit)', 25, 0, 1, 0)
          """)
      #expect(throws: DatabaseError.self) {
        try db.execute(
          sql: """
            INSERT INTO actions (seq, origin, name, start_ns, duration_ns, state_changed, state_hash)
            VALUES (4, 'elsewhere', 'x', 26, 0, 1, 0)
            """)
      }
    }
  }

  @Test func metadataThatIsNotAnObjectOfStringsIsOneLine() throws {
    let path = temporaryPath()
    try makeTrace(at: path, metadata: [:])
    try DatabaseQueue(path: path).write { db in
      try db.execute(sql: #"UPDATE header SET metadata = '{"build": 7}'"#)
    }
    #expect {
      try TraceReader(path: path)
    } throws: { error in
      "\(error)".contains(#"header metadata that is not an object of strings: {"build": 7}"#)
        && !"\(error)".contains("\n")
    }
  }

  @Test func theVersion3SampleHasNoneOfThem() throws {
    let copy = temporaryFolder().appendingPathComponent("demo-v3.sqlite")
    try FileManager.default.copyItem(
      at: ToolRun.recordings.appendingPathComponent("demo-v3.sqlite"), to: copy)
    let trace = try TraceReader(path: copy.path)
    #expect(trace.header.metadata == [:])
    #expect(try trace.clockRequests() == [])
    let (_, first, last) = try trace.actionSummary()
    #expect(try trace.actions(in: first!...last!).allSatisfy { $0.site == nil })
  }
}
