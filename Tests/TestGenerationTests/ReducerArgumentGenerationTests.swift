import ComposableRuntime
import Foundation
import Replay
import TestGeneration
@testable import TestGenerationFixtures
import TestSupport
import Testing

/// Where the committed generated test of the bookmark session lives.
let committedBookmarkTest = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("GeneratedTests/RecordedBookmarkSession.swift")

/// The bookmark's session with a save that sleeps in real time.
let committedBookmarkSleepingInRealTimeTest = committedBookmarkTest
  .deletingLastPathComponent()
  .appendingPathComponent("RecordedBookmarkSessionSleepingInRealTime.swift")

/// The same, recorded from a test that never set the app's clock.
let committedBookmarkWithoutAppClockTest = committedBookmarkTest
  .deletingLastPathComponent()
  .appendingPathComponent("RecordedBookmarkSessionWithoutAppClock.swift")

/// A feature made with arguments (a closure, as TCA's `Episodes(favorite:)`): the reducer given
/// is the one the generated test's store runs, and a sleep its closure makes on the test's clock
/// is advanced by the app's clock, as recorded. The test passes as written (GeneratedTests runs
/// it). Re-record with TCA_REPLAY_RECORD_EXPECTED=1.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct ReducerArgumentGenerationTests {
  @Test func theReducerGivenRunsInTheTestAndItsSleepIsAdvanced() async throws {
    let path = temporaryTracePath("bookmark")
    try await BookmarkSession.record(to: path)
    let result = try await Replay(path: path).run(Bookmark(save: { $0 }))
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")

    let test = try await TestGenerator(path: path).generate(
      Bookmark(save: { $0 }), testName: "recordedBookmarkSession", module: "TestGenerationFixtures",
      options: TestGenerator.Options(reducerExpression: BookmarkSession.reducer))
    if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
      try test.source.write(to: committedBookmarkTest, atomically: true, encoding: .utf8)
    }
    #expect(
      test.source.contains(
        """
          let store = TestStore(initialState: Bookmark.State()) {
            Bookmark(
              save: { isSaved in
                try await clock.sleep(for: .seconds(1))
                return isSaved
              }
            )
          } withDependencies: {
        """))
    #expect(
      test.source.contains(
        """
          await clock.advance(by: .seconds(1))
          await store.receive(\\.saved.success, true)
        """))
    #expect(test.source == (try String(contentsOf: committedBookmarkTest, encoding: .utf8)))
  }

  /// Recorded from a test that never set `\.continuousClock` (as TCA's favoriting example's), the
  /// sleep's length is unknown: the test runs its clock until no sleep is left, and passes as
  /// written (GeneratedTests runs it).
  @Test func aSleepOfUnknownLengthRunsTheClock() async throws {
    let path = temporaryTracePath("bookmark-no-app-clock")
    try await BookmarkSession.record(to: path, setsAppClock: false)
    let test = try await TestGenerator(path: path).generate(
      Bookmark(save: { $0 }), testName: "recordedBookmarkSessionWithoutAppClock",
      module: "TestGenerationFixtures",
      options: TestGenerator.Options(reducerExpression: BookmarkSession.reducer))
    if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
      try test.source.write(
        to: committedBookmarkWithoutAppClockTest, atomically: true, encoding: .utf8)
    }
    #expect(
      test.source.contains(
        """
          await clock.run()
          await store.receive(\\.saved.success, true)
        """))
    #expect(
      test.source
        == (try String(contentsOf: committedBookmarkWithoutAppClockTest, encoding: .utf8)))
  }

  /// A real sleep in the code given takes real time in the test too: the action it delays is
  /// received with a timeout as long as the recording waited, rounded up, and a second more
  /// (GeneratedTests runs the committed one).
  @Test func anActionAfterARealSleepIsReceivedWithATimeout() async throws {
    let path = temporaryTracePath("bookmark-real-sleep")
    try await BookmarkSession.recordSleepingInRealTime(to: path)
    let test = try await TestGenerator(path: path).generate(
      Bookmark(save: { $0 }), testName: "recordedBookmarkSessionSleepingInRealTime",
      module: "TestGenerationFixtures",
      options: TestGenerator.Options(reducerExpression: BookmarkSession.reducerSleepingInRealTime))
    if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
      try test.source.write(
        to: committedBookmarkSleepingInRealTimeTest, atomically: true, encoding: .utf8)
    }
    // NB: 1.2 s recorded gives 3 s; a busy machine that took 0.8 s more would give 4. The source
    // is not compared with the committed test, whose timeout is whatever its recording took.
    let timeouts = ["3", "4"].map {
      #"await store.receive(\.saved.success, true, timeout: .seconds("# + $0 + "))"
    }
    #expect(timeouts.contains { test.source.contains($0) }, "\(test.source)")
  }

  /// A registered feature gives its expression once, for every test generated from it.
  @Test func aRegisteredFeatureGivesItsReducerExpression() async throws {
    let path = temporaryTracePath("bookmark-registered")
    try await BookmarkSession.record(to: path)
    let feature = TestableFeature(
      module: "TestGenerationFixtures", reducerExpression: BookmarkSession.reducer
    ) { Bookmark(save: { $0 }) }
    let test = try await TestGenerator(path: path).generate(
      features: [feature], testName: "recordedBookmarkSession")
    #expect(test.source == (try String(contentsOf: committedBookmarkTest, encoding: .utf8)))
  }

  @Test func aReducerThatIsNoExpressionIsAClearError() async throws {
    let path = temporaryTracePath("bookmark-bad")
    try await BookmarkSession.record(to: path)
    await #expect {
      try await TestGenerator(path: path).generate(
        Bookmark(save: { $0 }), testName: "bookmark", module: "TestGenerationFixtures",
        options: TestGenerator.Options(reducerExpression: "let b = Bookmark(save: { $0 })"))
    } throws: { error in
      "\(error)".contains("expected one Swift expression for --reducer-expression")
    }
  }
}
