import ComposableRuntime
import Testing

/// `cancelInFlight` seen through a `TestStore`: the clock is advanced before anything is awaited,
/// so that an effect left running makes the test fail rather than wait forever.
@MainActor
@Suite struct CancelInFlightTests {
  @Test func aSecondSearchCancelsTheFirstBeforeItAnswers() async {
    let clock = TestClock()
    let store = TestStore(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.search("a"))
    await clock.advance(by: .milliseconds(500))
    await store.send(.search("ab"))
    await clock.advance(by: .seconds(1))
    await store.receive(.searchResponse("ab")) { $0.responses = ["ab"] }
  }
}
