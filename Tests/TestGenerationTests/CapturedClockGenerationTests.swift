import ComposableRuntime
import Foundation
import Replay
import TestGeneration
@testable import TestGenerationFixtures
import TestSupport
import Testing
import Trace

/// Where the committed generated test of the forecast lookup session lives.
let committedForecastLookupTest = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("GeneratedTests/RecordedForecastLookupSession.swift")

/// An effect that sleeps on the test's clock captured in its dependencies, as TCA's search
/// example's forecast request does: the recording sees no sleep, so the generated test advances
/// the clock by nothing before the answer, as the test it was recorded from did, and passes as
/// written (GeneratedTests runs it). Re-record with TCA_REPLAY_RECORD_EXPECTED=1.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct CapturedClockGenerationTests {
  @Test func anAnswerAfterASleepOnACapturedClockIsReceivedAfterAnAdvanceByNothing() async throws {
    let path = temporaryTracePath("forecast-lookup")
    try await ForecastLookupSession.record(to: path)
    let result = try await Replay(path: path).run(ForecastLookup())
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")

    let test = try await TestGenerator(path: path).generate(
      ForecastLookup(), testName: "recordedForecastLookupSession",
      module: "TestGenerationFixtures",
      options: TestGenerator.Options(dependencies: ForecastLookupSession.dependencies))
    if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
      try test.source.write(to: committedForecastLookupTest, atomically: true, encoding: .utf8)
    }
    #expect(
      test.source.contains(
        """
          }
          await clock.advance()
          await store.receive(\\.forecastResponse) {
        """))
    #expect(test.source == (try String(contentsOf: committedForecastLookupTest, encoding: .utf8)))
  }

  /// Without the clock in the dependencies given, an action sent back after no recorded sleep
  /// needs no advance: none is written.
  @Test func withoutACapturedClockNoAdvanceIsWritten() async throws {
    let path = temporaryTracePath("forecast-lookup-uncaptured")
    try await ForecastLookupSession.record(to: path)
    let test = try await TestGenerator(path: path).generate(
      ForecastLookup(), testName: "forecastLookup", module: "TestGenerationFixtures",
      options: TestGenerator.Options(
        dependencies: #"$0[ForecastClient.self].forecast = { @Sendable place in "sunny in \(place)" }"#))
    #expect(!test.source.contains("clock.advance"))
  }
}
