import ComposableRuntime
import Foundation
import Testing

@testable import DemoApp

/// A copy of the first steps of the generated demo test (RecordedDemoSession.swift), run against
/// the app with one reducer changed: the timer's tick adds 2. The copy fails at that step, the
/// first receive of `timerTicked`, and nowhere before it.
@MainActor @Test func theGeneratedStepsFailWhereTheReducerChanged() async throws {
  let clock = TestClock()
  let store = TestStore(initialState: AppFeature.State()) {
    CombineReducers {
      AppFeature()
      // The change: a tick adds one more than it did when the session was recorded.
      Reduce<AppFeature.State, AppFeature.Action> { state, action in
        if case .counter(.internal(.timerTicked)) = action { state.counter.count += 1 }
        return .none
      }
    }
  } withDependencies: {
    $0.continuousClock = clock
    $0.uuid = .incrementing
  }
  await store.send(.counter(.view(.incrementButtonTapped))) {
    $0.counter.count = 1
  }
  await store.send(.counter(.view(.incrementButtonTapped))) {
    $0.counter.count = 2
  }
  await store.send(.counter(.view(.toggleTimerButtonTapped))) {
    $0.counter.isTimerRunning = true
  }
  await clock.advance(by: .seconds(1))
  let changedStep = #line + 2
  await withKnownIssue {
    await store.receive(\.counter.internal.timerTicked) {
      $0.counter.count = 3
    }
  } matching: { issue in
    // Only the changed step fails: an issue anywhere else is not known, and fails the test.
    issue.sourceLocation?.line == changedStep
  }
  await store.send(.counter(.view(.toggleTimerButtonTapped))) {
    $0.counter.isTimerRunning = false
  }
  await store.finish()
}
