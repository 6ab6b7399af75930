import ComposableRuntime

/// A list of items with both kinds of navigation TCA offers.
///
/// - A sheet: ``Destination/editor(_:)`` presented with `@Presents` and `ifLet(\.$destination,
///   action: \.destination)`. The editor saves through a delegate action and dismisses itself; the
///   list's cancel button dismisses it by setting the destination to `nil`.
/// - A stack: ``Path/detail(_:)`` elements in a `StackState`, run with `forEach(\.path, action:
///   \.path)`. Tapping an item pushes its detail; a detail can ask for another one to be pushed,
///   and pops itself with `\.dismiss`.
@Reducer
public struct ItemListFeature {
  @ObservableState
  public struct State: Codable, Equatable, Sendable {
    public var items: IdentifiedArrayOf<Item>
    @Presents public var destination: Destination.State?
    public var path = StackState<Path.State>()

    public init(items: IdentifiedArrayOf<Item> = Item.samples) {
      self.items = items
    }

    /// The detail of `item`, linking to every other item.
    func detail(of item: Item) -> Path.State {
      let related = self.items.filter { $0.id != item.id }
      return .detail(ItemDetail.State(item: item, related: Array(related)))
    }
  }

  public enum Action: Codable, Equatable, Sendable {
    case view(View)
    case destination(PresentationAction<Destination.Action>)
    case path(StackActionOf<Path>)

    @CasePathable
    public enum View: Codable, Equatable, Sendable {
      case editButtonTapped(Item.ID)
      case cancelEditButtonTapped
      case itemTapped(Item.ID)
    }
  }

  /// The features the list presents as a sheet.
  @Reducer
  public enum Destination {
    case editor(ItemEditor)
  }

  /// The features the list pushes on its navigation stack.
  @Reducer
  public enum Path {
    case detail(ItemDetail)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .view(.editButtonTapped(id)):
        guard let item = state.items[id: id] else { return .none }
        state.destination = .editor(ItemEditor.State(draft: item))
        return .none

      case .view(.cancelEditButtonTapped):
        state.destination = nil
        return .none

      case let .view(.itemTapped(id)):
        guard let item = state.items[id: id] else { return .none }
        state.path.append(state.detail(of: item))
        return .none

      case let .destination(.presented(.editor(.delegate(.saved(item))))):
        state.items[id: item.id] = item
        return .none

      case let .path(.element(id: _, action: .detail(.delegate(.showItem(item))))):
        state.path.append(state.detail(of: item))
        return .none

      case .destination, .path:
        return .none
      }
    }
    .ifLet(\.$destination, action: \.destination)
    .forEach(\.path, action: \.path)
  }
}

extension ItemListFeature.Destination.State: Codable, Equatable, Sendable {}
extension ItemListFeature.Destination.Action: Codable, Equatable, Sendable {}
extension ItemListFeature.Path.State: Codable, Equatable, Sendable {}
extension ItemListFeature.Path.Action: Codable, Equatable, Sendable {}
