import ComposableRuntime
import Foundation
import Recorder
import Replay
import TestSupport
import Testing
import Trace

/// A replay compares the state after every input, the actions effects sent back included: a
/// changed reduction of a `tick` or a response is reported at that action, not at the next action
/// sent from outside, and is reported even when nothing is sent after it.
@MainActor
@Suite struct EffectInputDivergenceTests {
  @Test func aChangedTickDivergesAtTheTick() async throws {
    let path = temporaryPath()
    try await recordProbeSession(at: path)
    let result = try await Replay(path: path).run(ProbeReducingEffectInputs(.secondTickCountsTwice))
    let divergence = try #require(result.divergence)
    #expect(divergence.kind == .state, "\(divergence.description)")
    #expect(divergence.actionName == "tick")
    #expect(divergence.seq == (try seq(of: "tick", occurrence: 2, in: path)))
    #expect(divergence.description.contains("origin: sent back by effect #"))
    #expect(divergence.description.contains("ticks: 2 → 3"))  // recorded → actual
  }

  @Test func aChangedResponseDivergesAtTheResponse() async throws {
    let path = temporaryPath()
    try await recordProbeSession(at: path)
    let result = try await Replay(path: path).run(ProbeReducingEffectInputs(.answersOneHigher))
    let divergence = try #require(result.divergence)
    #expect(divergence.kind == .state, "\(divergence.description)")
    #expect(divergence.actionName == "answered")
    #expect(divergence.seq == (try seq(of: "answered", in: path)))
    #expect(divergence.description.contains("origin: sent back by effect #"))
  }

  @Test func aChangedResponseAtTheEndOfTheSessionIsReported() async throws {
    let path = temporaryPath()
    try await recordSessionEndingInAResponse(at: path)
    let last = try TraceReader(path: path).actionSummary().last
    #expect(last == (try seq(of: "answered", in: path)))

    let unchanged = try await Replay(path: path).run(Probe())
    #expect(unchanged.divergence == nil, "\(unchanged.divergence?.description ?? "")")
    let result = try await Replay(path: path).run(ProbeReducingEffectInputs(.answersOneHigher))
    let divergence = try #require(result.divergence)
    #expect(divergence.kind == .state, "\(divergence.description)")
    #expect(divergence.actionName == "answered")
    #expect(divergence.seq == last)
  }
}

/// Records `increment`, `ask` and the `answered` its effect sends back, and nothing after it.
@MainActor
private func recordSessionEndingInAResponse(at path: String) async throws {
  let clock = TestClock()
  let recorder = try Recorder(path: path)
  let store = Store(initialState: Probe.State()) {
    Probe().record(to: recorder)
  } withDependencies: {
    $0.continuousClock = clock
  }
  await withMainSerialExecutor {
    store.send(.increment)
    let ask = store.send(.ask)
    await clock.advance(by: .seconds(1))
    await ask.finish()
  }
  await recorder.finish()
}

/// The probe with the reduction of one action sent back by an effect changed, and nothing else:
/// the same effects, the same dependency reads.
private struct ProbeReducingEffectInputs: Reducer {
  typealias State = Probe.State
  typealias Action = Probe.Action

  enum Change {
    /// The second `tick` counts twice.
    case secondTickCountsTwice
    /// An `answered` stores the answer plus one.
    case answersOneHigher
  }

  let change: Change

  init(_ change: Change) {
    self.change = change
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch (self.change, action) {
    case (.secondTickCountsTwice, .tick) where state.ticks == 1:
      state.ticks += 2
      return .none
    case let (.answersOneHigher, .answered(answer)):
      state.answers.append(answer + 1)
      return .none
    default:
      return Probe().reduce(into: &state, action: action)
    }
  }
}
