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

/// Records a store of `reducer` sent `action` once, on a test clock advanced 3 s, with every
/// effect left to end.
@MainActor
func recordStarted<R: Reducer>(
  _ reducer: R, from state: R.State, sending action: R.Action, at path: String
) async throws {
  try await record(reducer, from: state, at: path) { store, clock in
    let task = store.send(action)
    await clock.advance(by: .seconds(3))
    await task.finish()
  }
}

/// Records a store of `reducer`, on a test clock and the main serial executor, while `session`
/// drives it; `dependencies` are set after the clock.
@MainActor
func record<R: Reducer>(
  _ reducer: R, from state: R.State, at path: String,
  dependencies: @escaping (inout DependencyValues) -> Void = { _ in },
  _ session: (Store<R.State, R.Action>, TestClock<Duration>) async -> Void
) async throws {
  let clock = TestClock()
  let recorder = try Recorder(path: path)
  let store = Store(initialState: state) {
    reducer.record(to: recorder)
  } withDependencies: {
    $0.continuousClock = clock
    dependencies(&$0)
  }
  await withMainSerialExecutor { await session(store, clock) }
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
