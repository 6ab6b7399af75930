import ComposableRuntime
import Foundation
import Replay
import TestGeneration
@testable import TestGenerationFixtures
import TestSupport
import Testing

/// Where the committed generated test of the meeting-start session lives.
let committedMeetingStartTest = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("GeneratedTests/RecordedMeetingStartDenied.swift")

/// A reducer that calls a dependency itself (a permission's status, as SyncUps' detail does): the
/// recording does not hold the answer, so generating runs the reducer with the dependencies the
/// test gives, in Swift; the test passes as written (GeneratedTests runs it). Re-record with
/// TCA_REPLAY_RECORD_EXPECTED=1.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct ReducerDependencyGenerationTests {
  @Test func theReducerRunsWithTheDependenciesGiven() async throws {
    let path = temporaryTracePath("meeting-start-denied")
    try await MeetingStartSession.record(to: path)
    let test = try await TestGenerator(path: path).generate(
      MeetingStart(), testName: "recordedMeetingStartDenied", module: "TestGenerationFixtures",
      options: TestGenerator.Options(dependencies: MeetingStartSession.dependencies),
      withDependencies: MeetingStartSession.denied)
    if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
      try test.source.write(to: committedMeetingStartTest, atomically: true, encoding: .utf8)
    }
    #expect(test.source.contains(#"TextState("Speech recognition was denied.")"#))
    #expect(test.source == (try String(contentsOf: committedMeetingStartTest, encoding: .utf8)))
  }

  /// A registered feature's dependencies reach generating as they reach shrinking.
  @Test func aRegisteredFeatureGivesItsDependencies() async throws {
    let path = temporaryTracePath("meeting-start-registered")
    try await MeetingStartSession.record(to: path)
    let feature = TestableFeature(
      module: "TestGenerationFixtures", dependencies: MeetingStartSession.dependencies,
      withDependencies: MeetingStartSession.denied
    ) { MeetingStart() }
    let test = try await TestGenerator(path: path).generate(
      features: [feature], testName: "recordedMeetingStartDenied")
    #expect(test.source == (try String(contentsOf: committedMeetingStartTest, encoding: .utf8)))
  }

  /// Without them, today's reducer takes the other branch, and no test is written.
  @Test func withoutTheDependenciesTheReducerDiverges() async throws {
    let path = temporaryTracePath("meeting-start-unanswered")
    try await MeetingStartSession.record(to: path)
    await #expect {
      try await TestGenerator(path: path).generate(
        MeetingStart(), testName: "meetingStart", module: "TestGenerationFixtures",
        options: TestGenerator.Options(dependencies: MeetingStartSession.dependencies))
    } throws: { error in
      "\(error)".contains("today's reducer diverges from the recording at #1 startTapped")
    }
  }
}
