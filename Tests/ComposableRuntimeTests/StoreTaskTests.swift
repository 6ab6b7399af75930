import ComposableRuntime
import Testing

@Reducer
private struct Playback {
  @ObservableState
  struct State: Equatable {
    @Presents var alert: AlertState<Action.Alert>?
    var isPlaying = false
    var log: [String] = []
  }
  enum Action {
    case alert(PresentationAction<Alert>)
    case finished
    case playButtonTapped
    case playResponse(Result<Bool, any Error>)
    case rewindButtonTapped
    enum Alert: Equatable {}
  }
  struct PlaybackFailed: Error {}
  @Dependency(\.continuousClock) var clock
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .alert:
        return .none
      case .finished:
        state.log.append("finished")
        return .none
      case .playButtonTapped:
        state.isPlaying = true
        return .run { send in
          try await clock.sleep(for: .seconds(1))
          await send(.playResponse(.failure(PlaybackFailed())))
        }
      case .playResponse(.failure):
        state.isPlaying = false
        state.alert = AlertState { TextState("Playback failed.") }
        return .none
      case .playResponse(.success):
        state.isPlaying = false
        return .none
      case .rewindButtonTapped:
        return .concatenate(
          .run { _ in try await clock.sleep(for: .seconds(1)) },
          .send(.finished)
        )
      }
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

@MainActor
@Suite struct StoreTaskTests {
  @Test func cancellingTheTaskThatPresentedAnAlertSendsNoDismiss() async {
    let clock = TestClock()
    let store = TestStore(initialState: Playback.State()) {
      Playback()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = await store.send(.playButtonTapped) {
      $0.isPlaying = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.playResponse.failure) {
      $0.isPlaying = false
      $0.alert = AlertState { TextState("Playback failed.") }
    }
    await task.cancel()
  }

  @Test func cancellingTheTaskStopsTheRestOfAConcatenation() async {
    let clock = TestClock()
    let store = TestStore(initialState: Playback.State()) {
      Playback()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let task = await store.send(.rewindButtonTapped)
    await task.cancel()
    await clock.advance(by: .seconds(1))
  }

  @Test func anUncancelledConcatenationRunsToTheEnd() async {
    let clock = TestClock()
    let store = TestStore(initialState: Playback.State()) {
      Playback()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.rewindButtonTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(\.finished) {
      $0.log = ["finished"]
    }
  }
}
