import ComposableRuntime
import DemoApp
import Testing

@MainActor
@Suite struct CounterFeatureTests {
  /// Records effect outcomes, to check the timer is cancelled exactly once.
  final class Outcomes: StoreObserver {
    typealias State = AppFeature.State
    typealias Action = AppFeature.Action
    var ended: [String] = []
    func effectDidEnd(_ effect: EffectID, outcome: EffectOutcome) {
      ended.append("\(effect): \(outcome)")
    }
  }

  func makeStore(
    clock: TestClock<Duration>,
    fetch: @escaping @Sendable (Int) async throws -> String
  ) -> StoreOf<AppFeature> {
    Store(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.factClient.fetch = fetch
    }
  }

  @Test func incrementAndDecrement() {
    let store = makeStore(clock: TestClock()) { _ in "" }
    store.send(.counter(.view(.incrementButtonTapped)))
    store.send(.counter(.view(.incrementButtonTapped)))
    store.send(.counter(.view(.decrementButtonTapped)))
    #expect(store.counter.count == 1)
  }

  @Test func timerTicksOnTheClockAndStopsByCancelID() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let store = makeStore(clock: clock) { _ in "" }
      let outcomes = Outcomes()
      store.observer = outcomes
      let timer = store.send(.counter(.view(.toggleTimerButtonTapped)))
      #expect(store.counter.isTimerRunning)
      await clock.advance(by: .seconds(3))
      #expect(store.counter.count == 3)
      store.send(.counter(.view(.toggleTimerButtonTapped)))
      await timer.finish()
      await clock.advance(by: .seconds(5))
      #expect(store.counter.count == 3)
      #expect(!store.counter.isTimerRunning)
      #expect(outcomes.ended == ["effect #1: cancelled (cancel(id: timer))"])
    }
  }

  @Test func factIsLoadedAndReportedToTheParent() async {
    let store = makeStore(clock: TestClock()) { "\($0) is a fine number." }
    store.send(.counter(.view(.incrementButtonTapped)))
    let task = store.send(.counter(.view(.factButtonTapped)))
    #expect(store.counter.isLoadingFact)
    await task.finish()
    #expect(!store.counter.isLoadingFact)
    #expect(store.counter.fact == "1 is a fine number.")
    #expect(store.savedFacts == ["#1: 1 is a fine number."])
  }

  @Test func factFailureIsShownAndNotSaved() async {
    let store = makeStore(clock: TestClock()) { try FactClient.Unlucky(number: $0).throwing() }
    await store.send(.counter(.view(.factButtonTapped))).finish()
    #expect(store.counter.errorMessage == "0 is unlucky: no fact today")
    #expect(store.counter.fact == nil)
    #expect(store.savedFacts.isEmpty)
  }

  @Test func liveFakeAnswersOnTheClockAndFailsFor13() async {
    await withMainSerialExecutor {
      let clock = TestClock()
      let store = Store(initialState: AppFeature.State(counter: .init(count: 13))) {
        AppFeature()
      } withDependencies: {
        $0.continuousClock = clock
        $0.factClient = .liveValue
      }
      let task = store.send(.counter(.view(.factButtonTapped)))
      await clock.advance(by: .milliseconds(299))
      #expect(store.counter.isLoadingFact)
      await clock.advance(by: .milliseconds(1))
      await task.finish()
      #expect(store.counter.errorMessage == "13 is unlucky: no fact today")
    }
  }
}

extension Error {
  /// Throws `self`; lets a closure of type `(Int) async throws -> String` fail in one expression.
  func throwing() throws -> String { throw self }
}
