import ComposableRuntime
import Foundation
import Recorder
import Replay
import TestSupport
import Testing

/// `start` starts two effects: one sends `fetched`, whose reducer starts a third effect that sends
/// `saved`; the other sends `logged`. The three outputs come back between the same two outside
/// inputs, so they share one chaos window, and `saved`'s effect starts only once `fetched` is
/// delivered. The counts do not depend on the order the outputs arrive in.
@Reducer
struct Pipeline {
  @ObservableState
  struct State: Codable, Equatable, Sendable {
    var fetched = 0
    var saved = 0
    var logged = 0
  }

  enum Action: Codable, Equatable, Sendable {
    case start
    case fetched
    case saved
    case logged
  }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .merge(
          .run { send in
            try await self.clock.sleep(for: .seconds(1))
            await send(.fetched)
          },
          .run { send in
            try await self.clock.sleep(for: .seconds(2))
            await send(.logged)
          }
        )
      case .fetched:
        state.fetched += 1
        return .run { send in
          try await self.clock.sleep(for: .milliseconds(500))
          await send(.saved)
        }
      case .saved:
        state.saved += 1
        return .none
      case .logged:
        state.logged += 1
        return .none
      }
    }
  }
}

@MainActor
@Suite struct ChaosChainedEffectsTests {
  /// Records `start`, then `fetched` (#2), `saved` (#3) and `logged` (#4).
  func recordPipeline(at path: String) async throws {
    try await recordStarted(Pipeline(), from: Pipeline.State(), sending: .start, at: path)
  }

  /// Chaos never delivers `saved` before `fetched`, which starts its effect: such an order would
  /// drop it. Of the six orders of three outputs, three keep `saved` after `fetched`; chaos tries
  /// exactly those, and they all pass.
  @Test(.timeLimit(.minutes(1)))
  func anOutputOfAChainedEffectComesAfterTheOutputThatStartedIt() async throws {
    let path = temporaryPath()
    try await self.recordPipeline(at: path)
    let replay = try Replay(path: path)
    let recorded = try await replay.explore(Pipeline(), schedule: "v1:", final: ["saved == 1"])
    #expect(recorded.failure == nil, "\(recorded.failure?.description ?? "")")

    let chaos = try await replay.explore(Pipeline(), runs: 100, seed: 1, final: ["saved == 1"])
    #expect(chaos.failure == nil, "\(chaos.failure?.description ?? "")")
    #expect(chaos.runs == 100)
    #expect(chaos.distinctOrders == 3)
  }
}
