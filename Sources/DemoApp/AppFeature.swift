import ComposableRuntime

/// The demo's root: a counter, a todo list, a city weather search, an item list with a sheet
/// and a navigation stack, and a profile form with an alert and a dialog, each composed with
/// `Scope`, and the facts the counter reported back through its delegate actions.
@Reducer
public struct AppFeature {
  @ObservableState
  public struct State: Codable, Equatable, Sendable {
    public var counter = CounterFeature.State()
    public var savedFacts: [String] = []
    public var todos = TodosFeature.State()
    public var search = SearchFeature.State()
    public var items = ItemListFeature.State()
    public var profile = ProfileFeature.State()

    public init(
      counter: CounterFeature.State = .init(),
      todos: TodosFeature.State = .init(),
      search: SearchFeature.State = .init(),
      items: ItemListFeature.State = .init(),
      profile: ProfileFeature.State = .init()
    ) {
      self.counter = counter
      self.todos = todos
      self.search = search
      self.items = items
      self.profile = profile
    }
  }

  public enum Action: Codable, Equatable, Sendable {
    case counter(CounterFeature.Action)
    case clearFactsButtonTapped
    case todos(TodosFeature.Action)
    case search(SearchFeature.Action)
    case items(ItemListFeature.Action)
    case profile(ProfileFeature.Action)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Scope(state: \.counter, action: \.counter) {
      CounterFeature()
    }
    Scope(state: \.todos, action: \.todos) {
      TodosFeature()
    }
    Scope(state: \.search, action: \.search) {
      SearchFeature()
    }
    Scope(state: \.items, action: \.items) {
      ItemListFeature()
    }
    Scope(\.profile, action: \.profile) {
      ProfileFeature()
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
      case .todos, .search, .items, .profile:
        return .none
      }
    }
  }
}
