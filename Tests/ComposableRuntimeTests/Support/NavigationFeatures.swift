import ComposableRuntime

/// A child with a long-running effect, a self-dismissal and a delegate action.
@Reducer
struct Child {
  @ObservableState
  struct State: Equatable, Identifiable {
    var id: Int
    var ticks = 0
  }

  enum Action: Equatable {
    case startTicking
    case tick
    case closeButtonTapped
    case delegate(Delegate)

    @CasePathable
    enum Delegate: Equatable { case saved(Int) }
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startTicking:
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
      case .tick:
        state.ticks += 1
        return .none
      case .closeButtonTapped:
        return .run { [id = state.id, dismiss] send in
          await send(.delegate(.saved(id)))
          await dismiss()
        }
      case .delegate:
        return .none
      }
    }
  }
}

/// Another child, to switch destinations between.
@Reducer
struct Other {
  @ObservableState
  struct State: Equatable {}
  enum Action: Equatable { case noop }
  var body: some ReducerOf<Self> { EmptyReducer() }
}

@Reducer
enum Destination {
  case child(Child)
  case other(Other)
}
extension Destination.State: Equatable {}
extension Destination.Action: Equatable {}

@Reducer
enum Path {
  case child(Child)
}
extension Path.State: Equatable {}
extension Path.Action: Equatable {}

/// A parent with every kind of child: optional, presented, identified collection and stack.
@Reducer
struct Parent {
  @ObservableState
  struct State: Equatable {
    var optional: Child.State?
    @Presents var destination: Destination.State?
    var children: IdentifiedArrayOf<Child.State> = []
    var path = StackState<Path.State>()
    var saved: [Int] = []
  }

  enum Action: Equatable {
    case optional(Child.Action)
    case destination(PresentationAction<Destination.Action>)
    case children(IdentifiedActionOf<Child>)
    case path(StackActionOf<Path>)
    case setOptional(Int?)
    case present(Int)
    case presentOther
    case dismissDestination
    case add(Int)
    case remove(Int)
    case push(Int)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .setOptional(id):
        state.optional = id.map { Child.State(id: $0) }
        return .none
      case let .present(id):
        state.destination = .child(Child.State(id: id))
        return .none
      case .presentOther:
        state.destination = .other(Other.State())
        return .none
      case .dismissDestination:
        state.destination = nil
        return .none
      case let .add(id):
        state.children.append(Child.State(id: id))
        return .none
      case let .remove(id):
        state.children.remove(id: id)
        return .none
      case let .push(id):
        state.path.append(.child(Child.State(id: id)))
        return .none
      case let .destination(.presented(.child(.delegate(.saved(id))))),
        let .path(.element(_, .child(.delegate(.saved(id))))):
        state.saved.append(id)
        return .none
      case .optional, .destination, .children, .path:
        return .none
      }
    }
    .ifLet(\.optional, action: \.optional) { Child() }
    .ifLet(\.$destination, action: \.destination)
    .forEach(\.children, action: \.children) { Child() }
    .forEach(\.path, action: \.path)
  }
}

/// A parent presenting a plain child (not an enum destination) with a trailing closure.
@Reducer
struct SheetParent {
  @ObservableState
  struct State: Equatable {
    @Presents var sheet: Child.State?
  }

  enum Action: Equatable {
    case sheet(PresentationAction<Child.Action>)
    case showSheet
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .showSheet:
        state.sheet = Child.State(id: 9)
        return .none
      case .sheet:
        return .none
      }
    }
    .ifLet(\.$sheet, action: \.sheet) {
      Child()
    }
  }
}
