import ComposableRuntime
import DemoApp
import Foundation
import Recorder
import TestSupport
import Trace

/// Records the probe's session with live `uuid`, `date` and random numbers (so only a replay
/// that hands back the recorded values can match), on a test clock.
@MainActor
func recordProbeSession(at path: String, options: Recorder.Options = Recorder.Options()) async throws {
  let clock = TestClock()
  let recorder = try Recorder(path: path, options: options)
  let store = Store(initialState: Probe.State()) {
    Probe().record(to: recorder)
  } withDependencies: {
    $0.continuousClock = clock
    $0.uuid = .init { UUID() }
    $0.date = .init { Date() }
    $0.withRandomNumberGenerator = .init(SystemRandomNumberGenerator())
  }
  await withMainSerialExecutor {
    store.send(.increment)
    store.send(.increment)
    store.send(.addID)
    store.send(.stamp)
    store.send(.roll)
    let timer = store.send(.startTimer)
    await clock.advance(by: .milliseconds(2_500))
    store.send(.stopTimer)
    await timer.finish()
    store.send(.increment)
    let ask = store.send(.ask)
    await clock.advance(by: .seconds(1))
    await ask.finish()
    store.send(.addID)
    store.send(.roll)
  }
  await recorder.finish()
}

/// Records the demo app's scripted session.
@MainActor
func recordDemoSession(at path: String) async throws {
  let clock = TestClock()
  let recorder = try Recorder(path: path)
  let store = Store(initialState: AppFeature.State()) {
    AppFeature().record(to: recorder)
  } withDependencies: {
    DemoSession.dependencies(clock: clock)(&$0)
  }
  await withMainSerialExecutor {
    await DemoSession.run(store, clock: clock)
  }
  await recorder.finish()
}

/// The seq of the `occurrence`th (from 1) recorded action named `name`.
func seq(of name: String, occurrence: Int = 1, in path: String) throws -> Int64 {
  let trace = try TraceReader(path: path)
  let (_, first, last) = try trace.actionSummary()
  let matching = try trace.actions(in: first!...last!).filter { $0.name == name }
  return matching[occurrence - 1].seq
}
