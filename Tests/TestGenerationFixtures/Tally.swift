import ComposableRuntime
import Foundation

/// A feature written exactly as a TCA user writes one, with nothing `Codable` declared: a
/// `Result<Int, any Error>` from an effect, a binding, an alert, a presented child, a stack of
/// children of an enum reducer and a `@Shared` total. `@Reducer` and `@ObservableState` synthesize the coding its
/// recordings need to be replayed.
@Reducer
public struct Tally: Sendable {
  @ObservableState
  public struct State: Equatable {
    public var count = 0
    public var note = ""
    public var fact: String?
    public var failure: String?
    @Presents public var alert: AlertState<Action.Alert>?
    @Presents public var detail: TallyDetail.State?
    public var path = StackState<Path.State>()
    @Shared(.inMemory("tally.total")) public var total = 0

    public init() {}
  }

  public enum Action: BindableAction {
    case alert(PresentationAction<Alert>)
    case binding(BindingAction<State>)
    case detail(PresentationAction<TallyDetail.Action>)
    case factButtonTapped
    case factResponse(Result<Int, any Error>)
    case incrementButtonTapped
    case path(StackActionOf<Path>)
    case pushButtonTapped
    case resetButtonTapped
    case showDetailButtonTapped

    public enum Alert: Equatable {
      case confirmReset
    }
  }

  /// What the fact effect throws for an odd count.
  public struct FactError: LocalizedError {
    public var errorDescription: String? { "No fact about odd numbers." }
  }

  /// How this version of the feature differs from the recorded one, for replay's tests.
  public enum Variant: Sendable {
    case recorded
    /// Adds two per tap.
    case countsTwice
  }

  let variant: Variant
  @Dependency(\.continuousClock) var clock

  public init(variant: Variant = .recorded) {
    self.variant = variant
  }

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .alert(.presented(.confirmReset)):
        state.count = 0
        state.$total.withLock { $0 = 0 }
        return .none
      case .alert:
        return .none
      case .binding:
        return .none
      case .detail:
        return .none
      case .factButtonTapped:
        return .run { [count = state.count] send in
          await send(
            .factResponse(
              Result {
                try await self.clock.sleep(for: .seconds(1))
                guard count.isMultiple(of: 2) else { throw FactError() }
                return count * 10
              }))
        }
      case let .factResponse(.success(fact)):
        state.fact = "\(fact)"
        state.failure = nil
        return .none
      case let .factResponse(.failure(error)):
        state.failure = error.localizedDescription
        return .none
      case .incrementButtonTapped:
        state.count += self.variant == .countsTwice ? 2 : 1
        state.$total.withLock { $0 += 1 }
        return .none
      case .path:
        return .none
      case .pushButtonTapped:
        state.path.append(.detail(TallyDetail.State(count: state.count)))
        return .none
      case .resetButtonTapped:
        state.alert = AlertState {
          TextState("Reset?")
        } actions: {
          ButtonState(role: .destructive, action: .confirmReset) { TextState("Reset") }
          ButtonState(role: .cancel) { TextState("Cancel") }
        } message: {
          TextState("The count goes back to zero.")
        }
        return .none
      case .showDetailButtonTapped:
        state.detail = TallyDetail.State(count: state.count)
        return .none
      }
    }
    .ifLet(\.$alert, action: \.alert)
    .ifLet(\.$detail, action: \.detail) { TallyDetail() }
    .forEach(\.path, action: \.path)
  }

  /// The screens pushed on the stack.
  @Reducer
  public enum Path {
    case detail(TallyDetail)
  }
}

extension Tally.Path.State: Equatable {}

/// The child `Tally` presents and pushes: a count of its own and a way to close itself.
@Reducer
public struct TallyDetail: Sendable {
  @ObservableState
  public struct State: Equatable {
    public var count: Int
    public var isStarred = false
  }

  public enum Action {
    case closeButtonTapped
    case starButtonTapped
  }

  @Dependency(\.dismiss) var dismiss

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .closeButtonTapped:
        return .run { _ in await self.dismiss() }
      case .starButtonTapped:
        state.isStarred.toggle()
        return .none
      }
    }
  }
}

/// A feature whose action holds a closure: it compiles, and its recordings say why they cannot
/// be replayed.
@Reducer
public struct Callback: Sendable {
  @ObservableState
  public struct State: Equatable {
    public var calls = 0
    public init() {}
  }

  public enum Action {
    case called
    case delegate(@Sendable () -> Void)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .called:
        state.calls += 1
        return .none
      case let .delegate(callback):
        callback()
        return .none
      }
    }
  }
}
