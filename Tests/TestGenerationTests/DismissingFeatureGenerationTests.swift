import ComposableRuntime
import Foundation
import Replay
import TestGeneration
@testable import TestGenerationFixtures
import TestSupport
import Testing
import Trace

/// Where the committed generated test of the standup session lives.
let committedStandupTest = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("GeneratedTests/RecordedStandupSession.swift")

/// A feature that dismisses itself under a `TestStore` while an effect runs, as SyncUps' meeting
/// does: the recording ends with the timer running, but in the generated test the store is
/// dismissed again and the timer is no longer the test's, so the test ends without insisting on
/// skipping it, and passes as written (GeneratedTests runs it). Re-record with
/// TCA_REPLAY_RECORD_EXPECTED=1.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct DismissingFeatureGenerationTests {
  @Test func aSessionEndingInADismissalGivesAPassingTest() async throws {
    let path = temporaryTracePath("standup")
    #expect(try await StandupSession.record(to: path))
    let reader = try TraceReader(path: path)
    #expect(try reader.notReplayable() == nil)
    let result = try await Replay(path: path).run(Standup())
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")

    let test = try await TestGenerator(path: path).generate(
      Standup(), testName: "recordedStandupSession", module: "TestGenerationFixtures")
    if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
      try test.source.write(to: committedStandupTest, atomically: true, encoding: .utf8)
    }
    #expect(test.summary.ending == "skipInFlightEffects(strict: false)")
    #expect(test.source.contains("await store.skipInFlightEffects(strict: false)"))
    #expect(test.source == (try String(contentsOf: committedStandupTest, encoding: .utf8)))
  }
}
