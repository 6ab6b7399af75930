import Foundation
import GRDB
import TestSupport
import Testing

@testable import Trace

/// Effect kinds, outcomes, cancellation reasons and what was not captured are stored as fixed
/// spellings and read back typed; version-1 traces stored prose, which still reads.
@Suite struct StoredValuesTests {
  static let reasons: [EffectEndRecord.CancellationReason] = [
    .cancelID("timer"), .cancelInFlight("search"), .parentDismissed, .storeReleased,
    .storeTaskCancelled, .threwCancellationError,
  ]

  /// A trace whose effects end in every way, with every reason not to capture.
  func makeTrace(at path: String) throws {
    let writer = try TraceWriter(
      path: path,
      header: TraceHeader(
        recorderVersion: "test", stateType: "S", actionType: "A",
        startedAt: "2026-11-23T00:00:00Z", keyframeInterval: 7,
        options: TraceHeader.Options(
          keyframeInterval: 7, deniedActions: ["tick"], redactedStatePaths: ["secret"],
          memoryLimit: 1024)))
    var batch = TraceBatch()
    batch.keyframes.append(KeyframeRecord(seq: 0, state: .object([]), codable: nil))
    let outcomes: [EffectEndRecord.Outcome] =
      [.finished, .failed(error: "Boom()")] + Self.reasons.map { .cancelled($0) }
    for (index, outcome) in outcomes.enumerated() {
      let id = Int64(index + 1)
      batch.effectStarts.append(
        EffectStartRecord(
          id: id, actionSeq: 1, kind: EffectKind.allCases[index % 3], name: nil, cancelIDs: ["x"],
          location: "File.swift:\(id)", startNanoseconds: id))
      batch.effectEnds.append(
        EffectEndRecord(id: id, endNanoseconds: 100 + id, outcome: outcome, actionsSent: id))
    }
    batch.effectStarts.append(
      EffectStartRecord(
        id: 99, actionSeq: 1, kind: .run, name: "forever", cancelIDs: [], location: nil,
        startNanoseconds: 5))
    batch.notCaptured = [.deniedAction("tick"): 3, .overMemoryLimit: 2, .afterFinish: 1]
    try writer.write(batch)
    var more = TraceBatch()
    more.notCaptured = [.deniedAction("tick"): 1, .deniedAction("tock"): 1]
    try writer.write(more)
    try writer.finish(cleanly: true, reason: "finished", endNanoseconds: 500)
  }

  @Test func typedValuesReadBack() throws {
    let path = temporaryPath()
    try makeTrace(at: path)
    let trace = try TraceReader(path: path)
    #expect(trace.header.schemaVersion == TraceSchema.version)
    #expect(
      trace.header.options
        == TraceHeader.Options(
          keyframeInterval: 7, deniedActions: ["tick"], redactedStatePaths: ["secret"],
          memoryLimit: 1024))
    let effects = try trace.effects()
    #expect(effects.map(\.start.kind).prefix(3) == [.send, .run, .presentation])
    #expect(
      effects.compactMap(\.end?.outcome)
        == [.finished, .failed(error: "Boom()")] + Self.reasons.map { .cancelled($0) })
    #expect(effects.last?.end == nil)
    #expect(effects[1].end?.error == "Boom()")
    #expect(
      try trace.notCaptured()
        == [
          .deniedAction("tick"): 4, .deniedAction("tock"): 1, .overMemoryLimit: 2, .afterFinish: 1,
        ])
  }

  @Test func storedSpellingsAreFixed() throws {
    let path = temporaryPath()
    try makeTrace(at: path)
    let rows = try DatabaseQueue(path: path).read { db in
      try Row.fetchAll(db, sql: "SELECT kind, outcome, reason, cancel_id FROM effects ORDER BY id")
    }
    #expect(rows.map { $0["outcome"] as String? }.prefix(3) == ["finished", "failed", "cancelled"])
    #expect(
      rows.compactMap { $0["reason"] as String? } == [
        "cancel_id", "cancel_in_flight", "parent_dismissed", "store_released",
        "store_task_cancelled", "threw_cancellation_error",
      ])
    #expect(rows.compactMap { $0["cancel_id"] as String? } == ["timer", "search"])
    #expect(rows.map { $0["kind"] as String }.prefix(3) == ["send", "run", "presentation"])
    let notCaptured = try DatabaseQueue(path: path).read { db in
      try Row.fetchAll(db, sql: "SELECT reason, action FROM not_captured ORDER BY reason, action")
        .map { "\($0["reason"] as String)/\($0["action"] as String)" }
    }
    #expect(
      notCaptured == [
        "after_finish/", "denied_action/tick", "denied_action/tock", "over_memory_limit/",
      ])
  }

  @Test func displayTextIsDerived() {
    #expect(
      Self.reasons.map(\.description) == [
        "cancel(id: timer)", "cancelInFlight (id: search)", "parent dismissed", "store released",
        "store task cancelled", "threw CancellationError",
      ])
    #expect(
      EffectEndRecord.Outcome.cancelled(.parentDismissed).description
        == "cancelled (parent dismissed)")
    #expect(NotCapturedReason.deniedAction("a.b").description == "denied action a.b")
  }

  @Test func version1ProseMapsToTypedValues() {
    for reason in Self.reasons {
      #expect(EffectEndRecord.CancellationReason(version1Prose: reason.description) == reason)
    }
    for reason in [NotCapturedReason.deniedAction("counter.tick"), .overMemoryLimit, .afterFinish] {
      #expect(NotCapturedReason(version1Prose: reason.description) == reason)
    }
    #expect(EffectEndRecord.CancellationReason(version1Prose: "cancelled by a gremlin") == nil)
    #expect(NotCapturedReason(version1Prose: "denied action ") == nil)
  }

  @Test func anUnknownSpellingIsOneLineError() throws {
    let path = temporaryPath()
    try makeTrace(at: path)
    try DatabaseQueue(path: path).write { db in
      try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
      try db.execute(sql: "UPDATE effects SET kind = 'teleport' WHERE id = 1")
    }
    let trace = try TraceReader(path: path)
    #expect(
      throws: TraceError.corrupt(path: path, detail: "effect 1 of an unknown kind 'teleport'")
    ) {
      try trace.effects()
    }
  }

  @Test func theVersion1SampleReadsTyped() throws {
    let path = RecordingsTests.recordings.appendingPathComponent("demo-v1.sqlite").path
    let copy = temporaryPath()
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    let trace = try TraceReader(path: copy)
    #expect(trace.header.schemaVersion == 1)
    #expect(trace.header.options == TraceHeader.Options())
    let reasons = Set(try trace.effects().compactMap(\.end?.reason))
    #expect(reasons == [.cancelID("timer"), .cancelInFlight("search"), .parentDismissed])
    #expect(try trace.effects().contains { $0.start.kind == .presentation })
    #expect(try trace.notCaptured().isEmpty)
  }
}
