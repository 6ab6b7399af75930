import ComposableRuntime

/// One item pushed on the list's navigation stack, with links to the other items.
///
/// Opening a related item asks the parent to push another detail, through
/// ``Action/Delegate/showItem(_:)``. Closing pops this detail with `\.dismiss`: the parent
/// receives `.popFrom(id:)` for it.
@Reducer
public struct ItemDetail: Sendable {
  @ObservableState
  public struct State: Codable, Equatable, Sendable {
    public var item: Item
    public var related: [Item]

    public init(item: Item, related: [Item] = []) {
      self.item = item
      self.related = related
    }
  }

  public enum Action: Codable, Equatable, Sendable {
    case view(View)
    case delegate(Delegate)

    @CasePathable
    public enum View: Codable, Equatable, Sendable {
      case relatedItemTapped(Item.ID)
      case closeButtonTapped
    }

    @CasePathable
    public enum Delegate: Codable, Equatable, Sendable {
      case showItem(Item)
    }
  }

  @Dependency(\.dismiss) var dismiss

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .view(.relatedItemTapped(id)):
        guard let item = state.related.first(where: { $0.id == id }) else { return .none }
        return .send(.delegate(.showItem(item)))

      case .view(.closeButtonTapped):
        return .run { _ in await self.dismiss() }

      case .delegate:
        return .none
      }
    }
  }
}
