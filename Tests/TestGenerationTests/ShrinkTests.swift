import ComposableRuntime
import Foundation
import Recorder
import TestGeneration
import TestGenerationFixtures
import TestSupport
import Testing

/// An alarm that goes off only when armed and a reading has come back from its effect.
@Reducer
struct Alarm {
  @ObservableState
  struct State: Codable, Equatable {
    var isArmed = false
    var reading: Int?
    var isRinging = false
    var noise = 0
  }

  enum Action: Codable, Equatable {
    case armButtonTapped
    case readButtonTapped
    case readingLoaded(Int)
    case noise
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .armButtonTapped:
        state.isArmed = true
      case .readButtonTapped:
        return .run { send in await send(.readingLoaded(451)) }
      case let .readingLoaded(value):
        state.reading = value
      case .noise:
        state.noise += 1
      }
      state.isRinging = state.isArmed && (state.reading ?? 0) > 400
      return .none
    }
  }
}

@MainActor
@Suite(.serialized) struct ShrinkTests {
  /// 1,000 keys, the code's three among them once each, in order: shrinking keeps exactly those.
  @Test func oneThousandInputsShrinkToTheThreeThePredicateNeeds() async throws {
    let path = temporaryTracePath("lock")
    var random = SplitMix64(seed: 18)
    var keys = (0..<1_000).map { _ in 100 + Int(random.next() % 900) }
    keys[120] = 7
    keys[480] = 42
    keys[913] = 99
    let recorder = try Recorder(path: path)
    let store = Store(initialState: CodeLock.State()) { CodeLock().record(to: recorder) }
    for key in keys { store.send(.keyPressed(key)) }
    await recorder.finish()

    let small = try await TestGenerator(path: path).shrink(
      CodeLock(), to: "progress == 3", module: "TestGenerationFixtures")
    #expect(small.keptInputs == [121, 481, 914])
    #expect(small.recordedInputs == 1_000)
    // The whole recording, then ddmin's candidates: 137 replays today.
    #expect(small.candidateReplays <= 137)
    #expect(small.test.source.contains("store.exhaustivity = .off"))
    #expect(small.test.source.contains("await store.send(.keyPressed(7))"))
    #expect(small.test.source.contains(#"#expect(!holds("progress == 3", in: store.state))"#))
    #expect(small.test.summary.sends == 3)
  }

  /// The alarm needs the reading the read button's effect sent back: the shrunk inputs are the
  /// arm button and the read button, and the test receives the reading.
  @Test func aBugThatNeedsAnEffectsOutputKeepsTheActionThatStartedIt() async throws {
    let path = temporaryTracePath("alarm")
    let recorder = try Recorder(path: path)
    let store = Store(initialState: Alarm.State()) { Alarm().record(to: recorder) }
    for _ in 0..<20 { store.send(.noise) }
    let read = store.send(.readButtonTapped)
    await read.finish()
    for _ in 0..<20 { store.send(.noise) }
    store.send(.armButtonTapped)
    for _ in 0..<20 { store.send(.noise) }
    await recorder.finish()

    let small = try await TestGenerator(path: path).shrink(
      Alarm(), to: "isRinging == true", module: "TestGenerationTests")
    // #21 is the read button, #22 the reading its effect sent, #43 the arm button.
    #expect(small.keptInputs == [21, 43])
    #expect(small.test.source.contains("await store.send(.readButtonTapped)"))
    #expect(small.test.source.contains("await store.receive(\\.readingLoaded, 451)"))
    #expect(small.test.source.contains("await store.send(.armButtonTapped)"))
    #expect(small.test.summary.receives == 1)
  }

  @Test func aPredicateTheRecordingNeverReachesIsOneLine() async throws {
    let path = temporaryTracePath("lock")
    let recorder = try Recorder(path: path)
    let store = Store(initialState: CodeLock.State()) { CodeLock().record(to: recorder) }
    store.send(.keyPressed(7))
    await recorder.finish()
    await #expect {
      try await TestGenerator(path: path).shrink(CodeLock(), to: "progress == 3")
    } throws: { error in
      "\(error)".contains("expected the recording to reach a state where progress == 3 holds")
        && !"\(error)".contains("\n")
    }
    await #expect {
      try await TestGenerator(path: path).shrink(CodeLock(), to: "progress ==")
    } throws: { error in
      error is TestGenerationError && !"\(error)".contains("\n")
    }
  }
}
