import ComposableRuntime

/// A game's score with the best score kept in `@Shared` state: every score writes the best one
/// (`max`), but only some change it, and a new game, reset after a wait on `\.continuousClock`,
/// writes it unchanged. Its generated test must assert the shared value only where it changed.
@Reducer
public struct Scoreboard: Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var score = 0
    @Shared(.inMemory("bestScore")) public var best = 0

    public init() {}
  }

  public enum Action: Codable, Equatable, Sendable {
    case scored(Int)
    case newGameTapped
    case gameReset
  }

  @Dependency(\.continuousClock) var clock

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .scored(points):
        state.score += points
        Self.keepBest(&state)
        return .none
      case .newGameTapped:
        return .run { send in
          try await self.clock.sleep(for: .seconds(1))
          await send(.gameReset)
        }
      case .gameReset:
        state.score = 0
        Self.keepBest(&state)
        return .none
      }
    }
  }

  /// Writes the best score, whether or not the score beats it.
  private static func keepBest(_ state: inout State) {
    let score = state.score
    state.$best.withLock { $0 = max($0, score) }
  }
}

/// Coded by hand, as a recorded feature with `@Shared` state has to be (`Shared` is not
/// `Codable`): the best score as its value, put back into the shared storage when decoded.
extension Scoreboard.State: Codable {
  private enum CodingKeys: String, CodingKey {
    case score, best
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init()
    self.score = try container.decode(Int.self, forKey: .score)
    let best = try container.decode(Int.self, forKey: .best)
    self.$best.withLock { $0 = best }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.score, forKey: .score)
    try container.encode(self.best, forKey: .best)
  }
}
