import ComposableRuntime

/// A feature with one effect of each cancellation flavour, driven by `\.continuousClock`.
struct TimerFeature: Reducer {
  struct State: Equatable {
    var ticks = 0
    var responses: [String] = []
  }

  @CasePathable
  enum Action: Equatable {
    case startTimer
    case stopTimer
    case tick
    case search(String)
    case searchResponse(String)
    case sleepForever
  }

  enum CancelID: Hashable, Sendable { case timer, search, forever }

  @Dependency(\.continuousClock) var clock

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .startTimer:
      return .run { send in
        for await _ in self.clock.timer(interval: .seconds(1)) {
          await send(.tick)
        }
      }
      .cancellable(id: CancelID.timer)
    case .stopTimer:
      return .cancel(id: CancelID.timer)
    case .tick:
      state.ticks += 1
      return .none
    case let .search(query):
      return .run { send in
        try await self.clock.sleep(for: .seconds(1))
        await send(.searchResponse(query))
      }
      .cancellable(id: CancelID.search, cancelInFlight: true)
    case let .searchResponse(response):
      state.responses.append(response)
      return .none
    case .sleepForever:
      return .run { _ in try await self.clock.sleep(for: .seconds(1_000_000)) }
        .cancellable(id: CancelID.forever)
    }
  }
}

/// Runs `body` with every task enqueued on the main actor, so that `TestClock` advances are
/// deterministic (as TCA's `TestStore` does).
@MainActor
func serially(_ body: @MainActor () async throws -> Void) async rethrows {
  try await withMainSerialExecutor { try await body() }
}
