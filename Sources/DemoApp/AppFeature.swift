import ComposableRuntime

/// The demo's root: a counter composed with `Scope`, and the facts it reported back through its
/// delegate actions.
@Reducer
public struct AppFeature {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var counter = CounterFeature.State()
    public var savedFacts: [String] = []

    public init(counter: CounterFeature.State = .init()) {
      self.counter = counter
    }
  }

  public enum Action: Equatable, Sendable {
    case counter(CounterFeature.Action)
    case clearFactsButtonTapped
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) {
      CounterFeature()
    }
    Reduce { state, action in
      switch action {
      case let .counter(.delegate(.factLoaded(count, fact))):
        state.savedFacts.append("#\(count): \(fact)")
        return .none
      case .counter:
        return .none
      case .clearFactsButtonTapped:
        state.savedFacts.removeAll()
        return .none
      }
    }
  }
}
