import ComposableRuntime
import Foundation
import Recorder
import Replay
import TestGeneration
@testable import TestGenerationFixtures
import TestSupport
import Testing
import Trace

/// Where the committed generated tests of the noughts sessions live.
let committedNoughtsTest = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("GeneratedTests/RecordedNoughtsSession.swift")
let committedNoughtsAppTest = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("GeneratedTests/RecordedNoughtsAppSession.swift")

/// Features shaped as TCA's TicTacToe example is: model types outside the feature that are not
/// `Codable`, a state with no `State()`, and a `@Reducer enum` at the root. Their sessions replay
/// and give tests that compile and pass as written (the GeneratedTests target runs them).
/// Re-record the committed tests with TCA_REPLAY_RECORD_EXPECTED=1.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct ModelTypesGenerationTests {
  func recordNoughts(at path: String) async throws {
    let clock = TestClock()
    let recorder = try Recorder(path: path)
    let store = Store(initialState: Noughts.State(noughtsName: "Blob Jr.", crossesName: "Blob Sr.")) {
      Noughts().record(to: recorder)
    } withDependencies: {
      $0.continuousClock = clock
    }
    await withMainSerialExecutor {
      for (row, column) in [(0, 0), (1, 1), (2, 2)] {
        let task = store.send(.cellTapped(row: row, column: column))
        await clock.advance(by: .milliseconds(100))
        await task.finish()
      }
    }
    await recorder.finish()
  }

  @Test func aSessionOfModelTypesReplaysAndGivesAPassingTest() async throws {
    let path = temporaryTracePath("noughts")
    try await self.recordNoughts(at: path)
    #expect(try TraceReader(path: path).notReplayable() == nil)
    let result = try await Replay(path: path).run(Noughts())
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
    #expect(result.replayedActions == 6)

    let test = try await TestGenerator(path: path).generate(
      Noughts(), testName: "recordedNoughtsSession", module: "TestGenerationFixtures")
    if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
      try test.source.write(to: committedNoughtsTest, atomically: true, encoding: .utf8)
    }
    // No `Noughts.State()` exists: the test starts from the recorded state.
    #expect(test.source.contains("let initialState = try JSONDecoder().decode(Noughts.State.self"))
    #expect(test.source.contains(#"$0.verdict = "The referee is away.""#))
    #expect(test.source == (try String(contentsOf: committedNoughtsTest, encoding: .utf8)))
  }

  @Test func anEnumRootIsMadeFromItsBody() async throws {
    let path = temporaryTracePath("noughts-app")
    let recorder = try Recorder(path: path)
    let store = Store(initialState: NoughtsApp.State.naming(Naming.State())) {
      NoughtsApp.body.record(to: recorder)
    }
    store.send(.naming(.nameChanged("Blob")))
    await recorder.finish()
    let result = try await Replay(path: path).run(NoughtsApp.body)
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")

    let test = try await TestGenerator(path: path).generate(
      NoughtsApp.body, testName: "recordedNoughtsAppSession", module: "TestGenerationFixtures")
    if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
      try test.source.write(to: committedNoughtsAppTest, atomically: true, encoding: .utf8)
    }
    #expect(test.source.contains("NoughtsApp.body\n"))
    #expect(test.source == (try String(contentsOf: committedNoughtsAppTest, encoding: .utf8)))
  }
}
