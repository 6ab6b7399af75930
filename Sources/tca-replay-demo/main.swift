import ComposableRuntime
import DemoApp

// A scripted session of the demo app on a test clock: the counter, its timer (stopped by cancel
// id), a fact loaded through the offline fake client and reported to the parent, and a fact that
// fails. Each instrumentation event prints as it happens.

@MainActor
func runSession() async {
  let clock = TestClock()
  let store = Store(initialState: AppFeature.State()) {
    AppFeature()
  } withDependencies: {
    $0.continuousClock = clock
    $0.factClient = .liveValue
  }
  store.observer = SessionPrinter(clock: clock)

  store.send(.counter(.view(.incrementButtonTapped)))
  store.send(.counter(.view(.incrementButtonTapped)))
  let timer = store.send(.counter(.view(.toggleTimerButtonTapped)))
  await clock.advance(by: .seconds(3))
  store.send(.counter(.view(.toggleTimerButtonTapped)))
  await timer.finish()

  let fact = store.send(.counter(.view(.factButtonTapped)))
  await clock.advance(by: .milliseconds(300))
  await fact.finish()

  for _ in 0..<8 { store.send(.counter(.view(.incrementButtonTapped))) }
  let unlucky = store.send(.counter(.view(.factButtonTapped)))
  await clock.advance(by: .milliseconds(300))
  await unlucky.finish()

  print("\nFinal state:")
  customDump(store.state)
}

await withMainSerialExecutor {
  await runSession()
}
