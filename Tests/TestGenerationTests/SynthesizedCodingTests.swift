import ComposableRuntime
import Foundation
import Recorder
import Replay
import TestGeneration
import TestGenerationFixtures
import TestSupport
import Testing
import Trace

/// Where the committed generated test of the tally session lives.
let committedTallyTest = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("GeneratedTests/RecordedTallySession.swift")

/// Records a session of `Tally`, a feature that declares nothing `Codable`: two increments, a
/// binding, a fact that arrives and one that fails, an alert answered, a presented child that
/// dismisses itself and a pushed one.
@MainActor
func recordTallySession(at path: String) async throws {
  let clock = TestClock()
  let recorder = try Recorder(path: path)
  let store = Store(initialState: Tally.State()) {
    Tally().record(to: recorder)
  } withDependencies: {
    $0.continuousClock = clock
    // NB: Stack element ids count from 0 in an app's store; this process's live count is shared.
    $0.stackElementID = .incrementing()
  }
  await withMainSerialExecutor {
    store.send(.incrementButtonTapped)
    store.send(.incrementButtonTapped)
    store.send(.binding(.set(\.note, "groceries")))
    let fact = store.send(.factButtonTapped)
    await clock.advance(by: .seconds(1))
    await fact.finish()
    store.send(.incrementButtonTapped)
    let failure = store.send(.factButtonTapped)
    await clock.advance(by: .seconds(1))
    await failure.finish()
    store.send(.resetButtonTapped)
    store.send(.alert(.presented(.confirmReset)))
    store.send(.showDetailButtonTapped)
    store.send(.detail(.presented(.starButtonTapped)))
    await store.send(.detail(.presented(.closeButtonTapped))).finish()
    // The presentation effect sends `.detail(.dismiss)` on its own turn.
    await Task.megaYield()
    store.send(.pushButtonTapped)
    let pushed = try! #require(store.path.ids.first)
    store.send(.path(.element(id: pushed, action: .detail(.starButtonTapped))))
  }
  await recorder.finish()
}

@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct SynthesizedCodingTests {
  @Test func aFeatureThatDeclaresNothingCodableReplaysIdentically() async throws {
    let path = temporaryTracePath("tally")
    try await recordTallySession(at: path)
    #expect(try TraceReader(path: path).notReplayable() == nil)
    let result = try await Replay(path: path).run(Tally())
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
    #expect(result.replayedActions == (try TraceReader(path: path).actionSummary().count))
  }

  @Test func aChangedReducerDivergesAtTheFirstAction() async throws {
    let path = temporaryTracePath("tally")
    try await recordTallySession(at: path)
    let result = try await Replay(path: path).run(Tally(variant: .countsTwice))
    let divergence = try #require(result.divergence)
    #expect(divergence.kind == .state)
    #expect(divergence.actionName == "incrementButtonTapped")
    #expect(divergence.seq == (try TraceReader(path: path).actionSummary().first))
  }

  /// The committed test (compiled and run by GeneratedTests) is what generating it writes.
  /// Re-record with TCA_REPLAY_RECORD_EXPECTED=1.
  @Test func aTestIsGeneratedFromTheSession() async throws {
    let path = temporaryTracePath("tally")
    try await recordTallySession(at: path)
    let test = try await TestGenerator(path: path).generate(
      Tally(), testName: "recordedTallySession", module: "TestGenerationFixtures")
    if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
      try test.source.write(to: committedTallyTest, atomically: true, encoding: .utf8)
    }
    #expect(test.source.contains("await store.send(.incrementButtonTapped)"), "\(test.source)")
    #expect(test.source.contains(#"await store.receive(\.factResponse.failure) {"#))
    #expect(test.source.contains("$0.path[id: 0] = .detail(TallyDetail.State(count: 0"))
    #expect(test.source == (try String(contentsOf: committedTallyTest, encoding: .utf8)))
  }

  @Test func aClosureInAnActionNamesItselfInTheHeader() async throws {
    let path = temporaryTracePath("callback")
    let recorder = try Recorder(path: path)
    let store = Store(initialState: Callback.State()) { Callback().record(to: recorder) }
    store.send(.called)
    store.send(.delegate({}))
    await recorder.finish()
    #expect(
      try TraceReader(path: path).notReplayable()
        == "not replayable: TestGenerationFixtures.Callback.Action.delegate(_:) holds a closure, "
        + "which cannot be coded")
    #expect(store.calls == 1)
  }
}

/// A presentation whose store task was cancelled: the recording ends its long-lived effect as
/// cancelled, and the next action presents the child again with a new one. A replay ends it the
/// same way, so that no `.dismiss` follows it (as one did when the replay ended it as finished),
/// and its child is no longer registered as presented, so the next action starts the new one.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct CancelledPresentationReplayTests {
  @Test func aPresentationWhoseTaskWasCancelledReplaysIdentically() async throws {
    let path = temporaryTracePath("tally-cancelled-presentation")
    let recorder = try Recorder(path: path)
    let store = Store(initialState: Tally.State()) { Tally().record(to: recorder) }
    let presenting = store.send(.showDetailButtonTapped)
    store.send(.detail(.presented(.starButtonTapped)))
    presenting.cancel()
    await Task.megaYield()
    store.send(.incrementButtonTapped)
    await recorder.finish()

    let effects = try TraceReader(path: path).effects()
    let presentations = effects.filter { $0.start.kind == .presentation }
    #expect(presentations.count == 2)
    #expect(presentations.first?.end?.outcome == .cancelled(.storeTaskCancelled))
    let result = try await Replay(path: path).run(Tally())
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
  }
}
