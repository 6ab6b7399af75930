import ComposableRuntime
import DemoApp
import Foundation
import Recorder
import TestSupport
import Testing
import Trace

/// What `\.continuousClock` was asked reaches the trace (schema 4): each sleep's duration and each
/// read of `now`, with the effect that asked, measured on the app's own clock.
@MainActor
@Suite struct ClockRequestRecordingTests {
  @Test func theTimersSleepsAndTheFactClientsAreRecordedByEffect() async throws {
    let path = temporaryTracePath()
    let clock = TestClock()
    let recorder = try Recorder(path: path)
    let store = Store(initialState: AppFeature.State()) {
      AppFeature().record(to: recorder)
    } withDependencies: {
      DemoSession.dependencies(clock: clock)(&$0)
    }
    await withMainSerialExecutor {
      await clock.advance(by: .seconds(5))
      let timer = store.send(.counter(.view(.toggleTimerButtonTapped)))  // effect #1
      await clock.advance(by: .seconds(2))
      store.send(.counter(.view(.toggleTimerButtonTapped)))
      await timer.finish()
      let fact = store.send(.counter(.view(.factButtonTapped)))  // effect #2
      await clock.advance(by: .milliseconds(300))
      await fact.finish()
    }
    await recorder.finish()

    let requests = try TraceReader(path: path).clockRequests()
    let sleeps = requests.filter { $0.request == .sleep }
    // The timer slept a second three times (the third cut short); the fact client 300 ms.
    #expect(
      sleeps == [
        ClockRequestRecord(request: .sleep, reader: .effect(1), nanoseconds: 1_000_000_000),
        ClockRequestRecord(request: .sleep, reader: .effect(1), nanoseconds: 1_000_000_000),
        ClockRequestRecord(request: .sleep, reader: .effect(1), nanoseconds: 1_000_000_000),
        ClockRequestRecord(request: .sleep, reader: .effect(2), nanoseconds: 300_000_000),
      ])
    // `now` is measured from the recording's start: the clock had run 5 s before the timer
    // started, and the fact was asked for at 7 s.
    let nows = requests.filter { $0.request == .now }
    #expect(
      nows.first
        == ClockRequestRecord(request: .now, reader: .effect(1), nanoseconds: 5_000_000_000))
    #expect(
      nows.last == ClockRequestRecord(request: .now, reader: .effect(2), nanoseconds: 7_000_000_000)
    )
  }
}
