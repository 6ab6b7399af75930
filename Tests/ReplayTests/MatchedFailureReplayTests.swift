import ComposableRuntime
import Foundation
import Recorder
import Replay
import TestSupport
import Testing
import Trace

/// A feature, written as TCA's speech recognition case study is, whose reducer matches the
/// failure its effect sends back (`.transcribed(.failure(DictationFailure.microphoneBusy))`) in
/// a `Result<String, any Error>`, recorded on a real `ContinuousClock`: the trace keeps the error
/// itself, so the replay takes the branch the app took. Kept as its description alone, the
/// failure took the other branch and the replay diverged at it.
@MainActor
@Suite struct MatchedFailureReplayTests {
  enum DictationFailure: Error, Equatable {
    case microphoneBusy
    case recognizerGone
  }

  @Reducer
  struct Dictation {
    @ObservableState
    struct State: Equatable {
      var message = ""
      var attempts = 0
    }
    enum Action {
      case startTapped(failing: Bool)
      case transcribed(Result<String, any Error>)
    }
    @Dependency(\.continuousClock) var clock

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case let .startTapped(failing):
          state.attempts += 1
          // NB: Captured when the effect starts, as TCA's effects capture state.
          return .run { [attempts = state.attempts, clock] send in
            try await clock.sleep(for: .milliseconds(5))
            guard failing else {
              await send(.transcribed(.success("attempt \(attempts)")))
              return
            }
            throw attempts.isMultiple(of: 2)
              ? DictationFailure.recognizerGone : DictationFailure.microphoneBusy
          } catch: { error, send in
            await send(.transcribed(.failure(error)))
          }
        case .transcribed(.failure(DictationFailure.microphoneBusy)):
          state.message = "The microphone is busy."
        case let .transcribed(.failure(error)):
          state.message = "Failed: \(error.localizedDescription)"
        case let .transcribed(.success(text)):
          state.message = text
        }
        return .none
      }
    }
  }

  @Test func aMatchedFailureReplaysIdentically() async throws {
    let path = temporaryTracePath("dictation")
    let recorder = try Recorder(path: path)
    let store = Store(initialState: Dictation.State()) {
      Dictation().record(to: recorder)
    } withDependencies: {
      $0.continuousClock = ContinuousClock()
    }
    await store.send(.startTapped(failing: true)).finish()
    await store.send(.startTapped(failing: true)).finish()
    await store.send(.startTapped(failing: false)).finish()
    #expect(store.state.message == "attempt 3")
    await recorder.finish()

    let reader = try TraceReader(path: path)
    #expect(try reader.notReplayable() == nil)
    let message = try TracePath(parsing: "message")
    #expect(try reader.state(at: 2).value(at: message) == .string("The microphone is busy."))
    let other = try #require(try reader.state(at: 4).value(at: message))
    #expect(other != .string("The microphone is busy."))
    #expect(try reader.state(at: 6).value(at: message) == .string("attempt 3"))
    let result = try await Replay(path: path).run(Dictation())
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
    #expect(result.replayedActions == 6)
  }
}
