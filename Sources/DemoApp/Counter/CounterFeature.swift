import ComposableRuntime

/// A counter with a timer and number facts, in the style of TCA's case studies.
///
/// - `view` actions come from the user; `internal` ones from its effects; `delegate` ones tell
///   the parent something happened.
/// - The timer ticks once a second on `\.continuousClock` until stopped, by cancel id.
/// - A fact is loaded through ``FactClient``; a failure is shown, not thrown.
@Reducer
public struct CounterFeature: Sendable {
  @ObservableState
  public struct State: Codable, Equatable, Sendable {
    public var count = 0
    public var isTimerRunning = false
    public var fact: String?
    public var isLoadingFact = false
    public var errorMessage: String?

    public init(count: Int = 0) {
      self.count = count
    }
  }

  // NB: Not declared `Codable`: `@Reducer` synthesizes its coding, `Result` payload included.
  public enum Action: Equatable, Sendable {
    case view(View)
    case `internal`(Internal)
    case delegate(Delegate)

    @CasePathable
    public enum View: Codable, Equatable, Sendable {
      case incrementButtonTapped
      case decrementButtonTapped
      case toggleTimerButtonTapped
      case factButtonTapped
    }

    @CasePathable
    public enum Internal: Equatable, Sendable {
      case timerTicked
      case factResponse(Result<String, FactError>)
    }

    @CasePathable
    public enum Delegate: Codable, Equatable, Sendable {
      case factLoaded(count: Int, fact: String)
    }
  }

  /// A fact that could not be loaded, as the state shows it.
  public struct FactError: Codable, Error, Equatable, Sendable {
    public let message: String
  }

  enum CancelID: Hashable, Sendable { case timer }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.factClient) var factClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .view(.incrementButtonTapped):
        state.count += 1
        state.fact = nil
        return .none

      case .view(.decrementButtonTapped):
        state.count -= 1
        state.fact = nil
        return .none

      case .view(.toggleTimerButtonTapped):
        state.isTimerRunning.toggle()
        guard state.isTimerRunning else { return .cancel(id: CancelID.timer) }
        return .run { send in
          for await _ in self.clock.timer(interval: .seconds(1)) {
            await send(.internal(.timerTicked))
          }
        }
        .cancellable(id: CancelID.timer, cancelInFlight: true)

      case .view(.factButtonTapped):
        state.isLoadingFact = true
        state.errorMessage = nil
        return .run { [count = state.count] send in
          let fact = try await self.factClient.fetch(count)
          await send(.internal(.factResponse(.success(fact))))
        } catch: { error, send in
          await send(.internal(.factResponse(.failure(FactError(message: "\(error)")))))
        }

      case .internal(.timerTicked):
        state.count += 1
        return .none

      case let .internal(.factResponse(.success(fact))):
        state.isLoadingFact = false
        state.fact = fact
        return .send(.delegate(.factLoaded(count: state.count, fact: fact)))

      case let .internal(.factResponse(.failure(error))):
        state.isLoadingFact = false
        state.errorMessage = error.message
        return .none

      case .delegate:
        return .none
      }
    }
  }
}
