import ComposableRuntime
import Foundation
import Recorder
import TestGeneration
import TestGenerationFixtures
import TestSupport
import Testing

/// Where the committed generated test of the scoreboard session lives.
let committedScoreboardTest = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("GeneratedTests/RecordedScoreboardSession.swift")

@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct UnchangedSharedValueTests {
  /// Every step of the scoreboard writes its `@Shared` best score, but the test asserts it
  /// (`$0.$best.withLock { … }`) only in the steps that changed it: three of the five sends and
  /// receives. The committed test (compiled and run by GeneratedTests) is what generating it
  /// writes. Re-record with TCA_REPLAY_RECORD_EXPECTED=1.
  @Test func aSharedValueIsAssertedOnlyWhereItChanged() async throws {
    let path = temporaryTracePath("scoreboard")
    let clock = TestClock()
    let recorder = try Recorder(path: path)
    let store = Store(initialState: Scoreboard.State()) {
      Scoreboard().record(to: recorder)
    } withDependencies: {
      $0.continuousClock = clock
    }
    await withMainSerialExecutor {
      store.send(.scored(3))
      store.send(.scored(2))
      let newGame = store.send(.newGameTapped)
      await clock.advance(by: .seconds(1))
      await newGame.finish()
      store.send(.scored(4))
      store.send(.scored(2))
    }
    #expect(store.score == 6 && store.best == 6)
    await recorder.finish()

    let test = try await TestGenerator(path: path).generate(
      Scoreboard(), testName: "recordedScoreboardSession", module: "TestGenerationFixtures")
    if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
      try test.source.write(to: committedScoreboardTest, atomically: true, encoding: .utf8)
    }
    #expect(test.source.components(separatedBy: "$0.$best.withLock").count - 1 == 3)
    #expect(
      test.source.contains(
        """
          await store.receive(\\.gameReset) {
            $0.score = 0
          }
          await store.send(.scored(4)) {
            $0.score = 4
          }
          await store.send(.scored(2)) {
            $0.score = 6
            $0.$best.withLock {
              $0 = 6
            }
          }
        """))
    #expect(test.source == (try String(contentsOf: committedScoreboardTest, encoding: .utf8)))
  }
}
