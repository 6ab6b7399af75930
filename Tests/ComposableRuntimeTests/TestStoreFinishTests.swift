import ComposableRuntime
import Testing

/// `finish()` fails, on its own line, for each effect still running after its timeout: the store
/// is still alive, so nothing else would report it yet.
@MainActor
@Suite struct TestStoreFinishTests {
  @Reducer
  struct Feature {
    struct State: Equatable {}

    enum Action: Equatable {
      case start
      case tick
    }

    @Dependency(\.continuousClock) var clock

    var body: some ReducerOf<Self> {
      Reduce { _, action in
        switch action {
        case .start:
          return .run { [clock] send in
            for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
          }
        case .tick:
          return .none
        }
      }
    }
  }

  @Test func finishFailsForAnEffectStillRunning() async {
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    store.timeout = .milliseconds(50)
    await store.send(.start)
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      issue.description.contains("still running when the test ended")
        && issue.description.contains("TestStoreFinishTests.Feature.Action.start")
    }
    // Ends the timer, so that releasing the store has nothing more to report.
    await store.skipInFlightEffects()
  }

  @Test func finishPassesOnceEveryEffectHasEnded() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    let timer = await store.send(.start)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick)
    await timer.cancel()
    await store.finish()
  }
}
