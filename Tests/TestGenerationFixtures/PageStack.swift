import ComposableRuntime

/// A stack of pages where any page can be closed, not only the top one: closing one in the
/// middle leaves the pages above it, so its generated test must remove that page alone
/// (`$0.pages[id: 1] = nil`), not pop from it.
@Reducer
public struct PageStack: Sendable {
  @ObservableState
  public struct State: Codable, Equatable, Sendable {
    public var pages = StackState<Page>()

    public init() {}
  }

  /// One page of the stack.
  public struct Page: Codable, Equatable, Sendable {
    public var title: String
  }

  public enum Action: Codable, Equatable, Sendable {
    case opened(String)
    case closed(StackElementID)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .opened(title):
        state.pages.append(Page(title: title))
      case let .closed(id):
        state.pages[id: id] = nil
      }
      return .none
    }
  }
}
