import Foundation
import GRDB
import TestSupport
import Testing
import Trace

@Suite struct TraceFileTests {
  func header() -> TraceHeader {
    TraceHeader(
      recorderVersion: "test", stateType: "S", actionType: "A",
      startedAt: "2026-11-21T00:00:00Z", keyframeInterval: 10,
      options: TraceHeader.Options(keyframeInterval: 10))
  }

  /// A small trace: an initial keyframe and three actions that count up.
  func makeTrace(at path: String) throws {
    let writer = try TraceWriter(path: path, header: header())
    var batch = TraceBatch()
    batch.keyframes.append(
      KeyframeRecord(seq: 0, state: .object([.init("count", .int(0))]), codable: nil))
    for seq in 1...3 {
      batch.actions.append(
        ActionRecord(
          seq: Int64(seq), origin: .send, name: "increment", payload: nil,
          startNanoseconds: Int64(seq) * 1000, durationNanoseconds: 10, stateChanged: true,
          stateHash: Int64(seq),
          diff: [
            .replace(
              TracePath([.field("count")]), old: .int(Int64(seq - 1)), new: .int(Int64(seq)))
          ]))
    }
    try writer.write(batch)
    try writer.finish(cleanly: true, reason: "finished", endNanoseconds: 5000)
  }

  @Test func aWrittenTraceReadsBack() throws {
    let path = temporaryPath()
    try makeTrace(at: path)
    let trace = try TraceReader(path: path)
    #expect(trace.header.finishedCleanly)
    #expect(trace.header.endReason == "finished")
    #expect(try trace.state(at: 2) == .object([.init("count", .int(2))]))
    #expect(try trace.actions(changing: TracePath([.field("count")])) == [1, 2, 3])
    #expect(try trace.actions(changing: TracePath([.field("countdown")])) == [])
    #expect(try trace.diff(from: 0, to: 3).map(\.path.description) == ["count"])
  }

  @Test func missingFile() {
    let path = temporaryPath("missing.sqlite")
    #expect(throws: TraceError.fileNotFound(path: path)) { try TraceReader(path: path) }
    #expect(
      TraceError.fileNotFound(path: path).description
        == "\(path): expected a tca-replay trace, found no file")
  }

  @Test func fileThatIsNotSQLite() throws {
    let path = temporaryPath("notes.sqlite")
    try Data("these are notes, not a database\n".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: TraceError.notSQLite(path: path)) { try TraceReader(path: path) }
  }

  @Test func truncatedTrace() throws {
    let path = temporaryPath()
    try makeTrace(at: path)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let truncated = temporaryPath("truncated.sqlite")
    try bytes.prefix(50).write(to: URL(fileURLWithPath: truncated))
    // Fifty bytes begin as SQLite's header does: a database cut short, not some other file.
    #expect(throws: TraceError.damaged(path: truncated, resultCode: .SQLITE_CORRUPT)) {
      try TraceReader(path: truncated)
    }
  }

  @Test func sqliteDatabaseThatIsNotATrace() throws {
    let path = temporaryPath("app.sqlite")
    try DatabaseQueue(path: path).write { db in
      try db.execute(sql: "CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT)")
    }
    #expect(throws: TraceError.notATrace(path: path, found: "with tables players")) {
      try TraceReader(path: path)
    }
  }

  @Test func traceFromANewerSchema() throws {
    let path = temporaryPath()
    try makeTrace(at: path)
    let newer = TraceSchema.version + 1
    try DatabaseQueue(path: path).writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA user_version = \(newer)")
    }
    let error = TraceError.newerSchema(path: path, found: newer, supported: TraceSchema.version)
    #expect(throws: error) { try TraceReader(path: path) }
    #expect(!error.description.contains("\n"))
    #expect(
      error.description
        == "\(path): written by a newer tca-replay (schema \(newer), this one reads up to "
        + "\(TraceSchema.version))")
  }

  @Test func writerRefusesToOverwriteAFileThatIsNotATrace() throws {
    let path = temporaryPath("precious.txt")
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: TraceError.refusingToOverwrite(path: path)) {
      try TraceWriter(path: path, header: header())
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
  }

  @Test func writerReplacesAnOldTrace() throws {
    let path = temporaryPath()
    try makeTrace(at: path)
    _ = try TraceWriter(path: path, header: header())
    #expect(try TraceReader(path: path).actionSummary().count == 0)
  }
}
