import ComposableRuntime
import Foundation
import TestGeneration
import TestSupport
import Testing

@testable import TestGenerationFixtures

/// Where the committed generated test of the roster session lives.
let committedRosterTest = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("GeneratedTests/RecordedRosterRename.swift")

/// A detail pushed with the element of a keyed array, `Shared($teams[id: id])`, as SyncUps does:
/// the generated test decodes it derived from the same key, so the rename it asserts reaches the
/// list, and the initial state shows the array as it was before the session, not after. The test
/// passes as written (GeneratedTests runs it). Re-record with TCA_REPLAY_RECORD_EXPECTED=1.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct SharedElementGenerationTests {
  @Test func aPushedElementIsDerivedFromItsKeyAgain() async throws {
    let path = temporaryTracePath("roster-rename")
    try await RosterSession.record(to: path)
    let test = try await TestGenerator(path: path).generate(
      Roster(), testName: "recordedRosterRename", module: "TestGenerationFixtures")
    if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
      try test.source.write(to: committedRosterTest, atomically: true, encoding: .utf8)
    }
    #expect(
      test.source.contains(
        #""$team":{"id":"00000000-0000-0000-0000-00000000000A","#
          + #""key":".inMemory(\"roster.teams\")"}"#
      ))
    // The initial state holds the name the session started with; the rename comes at its step.
    let setup = try #require(test.source.components(separatedBy: "let store").first)
    #expect(setup.contains(#""name":"Design""#))
    #expect(!setup.contains("Blob's team"))
    // The rename is asserted on the array, not on the detail's element of it.
    #expect(test.source.contains("$0.$teams.withLock {"))
    #expect(test.source == (try String(contentsOf: committedRosterTest, encoding: .utf8)))
  }
}
