import ComposableRuntime
import Foundation
import TestGeneration
import TestSupport
import Testing

@testable import TestGenerationFixtures

/// Where the committed generated test of the agenda session lives.
let committedAgendaTest = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("GeneratedTests/RecordedAgendaMeeting.swift")

/// A detail and a recording pushed with one `Shared(value:)` box, as SyncUps' `recording` test
/// starts: the generated test decodes one box for both places, and asserts the meeting saved
/// through it inside the stack, through the case it sits in (`$0.path[id: 0]?.detail?.$plan`). The test passes as written (GeneratedTests runs it). Re-record with
/// TCA_REPLAY_RECORD_EXPECTED=1.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct SharedBoxGenerationTests {
  @Test func aBoxSharedByTwoPlacesIsAssertedThroughTheStack() async throws {
    let path = temporaryTracePath("agenda-meeting")
    try await AgendaSession.record(to: path)
    let test = try await TestGenerator(path: path).generate(
      Agenda(), testName: "recordedAgendaMeeting", module: "TestGenerationFixtures")
    if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
      try test.source.write(to: committedAgendaTest, atomically: true, encoding: .utf8)
    }
    let setup = try #require(test.source.components(separatedBy: "let store").first)
    #expect(setup.components(separatedBy: #""$plan":{"box":0}"#).count == 3, "\(setup)")
    // A plan is decoded from JSON, which `modify` cannot take: the case is reached by its name.
    #expect(
      test.source.contains("try $0.path[id: 0]?.detail?.$plan.withLock {"), "\(test.source)")
    #expect(test.source == (try String(contentsOf: committedAgendaTest, encoding: .utf8)))
  }
}
