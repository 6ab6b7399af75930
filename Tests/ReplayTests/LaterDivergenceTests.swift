import ComposableRuntime
import Foundation
import Recorder
import Replay
import TestSupport
import Testing
import Trace

/// Divergences the probe's variants do not reach: a reducer that reads fewer recorded values than
/// the recorded one did, and a cancellation forgotten after another one was made.
@MainActor
@Suite struct LaterDivergenceTests {
  @Test func aReducerThatReadsAValueFewerDivergesWhereItStoppedReading() async throws {
    let path = temporaryPath()
    try await record(ProbeWithExtraRead(), at: path) { store, _ in
      store.send(.increment)
      store.send(.increment)
    }
    let result = try await Replay(path: path).run(Probe())
    let divergence = try #require(result.divergence)
    #expect(divergence.kind == .dependencies, "\(divergence.description)")
    let first = try seq(of: "increment", in: path)
    #expect(divergence.seq == first)
    #expect(divergence.description.contains("the recorded reducer of #\(first) read 1 UUID more"))
  }

  @Test func aCancellationForgottenAfterAnotherOneDivergesWhereItWasForgotten() async throws {
    let path = temporaryPath()
    try await record(Probe(), at: path) { store, clock in
      for _ in 1...2 {
        let timer = store.send(.startTimer)
        await clock.advance(by: .milliseconds(1_500))
        store.send(.stopTimer)
        await timer.finish()
      }
    }
    let unchanged = try await Replay(path: path).run(Probe())
    #expect(unchanged.divergence == nil, "\(unchanged.divergence?.description ?? "")")
    let result = try await Replay(path: path).run(ProbeForgettingTheSecondStop())
    let divergence = try #require(result.divergence)
    #expect(divergence.kind == .effects, "\(divergence.description)")
    #expect(divergence.actionName == "stopTimer")
    #expect(divergence.seq == (try seq(of: "stopTimer", occurrence: 2, in: path)))
    #expect(divergence.description.contains("did not cancel effect #2"))
  }
}

/// Records `session` against `reducer` on a test clock, with live UUIDs.
@MainActor
private func record<R: Reducer<Probe.State, Probe.Action>>(
  _ reducer: R, at path: String,
  _ session: @MainActor @Sendable (StoreOf<Probe>, TestClock<Duration>) async -> Void
) async throws {
  let clock = TestClock()
  let recorder = try Recorder(path: path)
  let store = Store(initialState: Probe.State()) {
    reducer.record(to: recorder)
  } withDependencies: {
    $0.continuousClock = clock
    $0.uuid = .init { UUID() }
  }
  await withMainSerialExecutor {
    await session(store, clock)
  }
  await recorder.finish()
}

/// The probe, but the first `increment` also reads a UUID it does not keep.
private struct ProbeWithExtraRead: Reducer {
  typealias State = Probe.State
  typealias Action = Probe.Action

  @Dependency(\.uuid) var uuid

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if action == .increment, state.count == 0 { _ = self.uuid() }
    return Probe().reduce(into: &state, action: action)
  }
}

/// The probe, but the second `stopTimer` forgets to cancel the timer.
private struct ProbeForgettingTheSecondStop: Reducer {
  typealias State = Probe.State
  typealias Action = Probe.Action

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if action == .stopTimer, state.ticks >= 2 { return .none }
    return Probe().reduce(into: &state, action: action)
  }
}
