/// The core of a store scoped to a child: state read through a key path, actions embedded in the
/// parent's through a case path.
@MainActor
final class ScopedCore<ParentState, ParentAction, State, Action>: Core {
  private let parent: any Core<ParentState, ParentAction>
  private let toState: (ParentState) -> State
  private let fromAction: (Action) -> ParentAction

  init(
    parent: any Core<ParentState, ParentAction>,
    toState: @escaping (ParentState) -> State,
    fromAction: @escaping (Action) -> ParentAction
  ) {
    self.parent = parent
    self.toState = toState
    self.fromAction = fromAction
  }

  var state: State { self.toState(self.parent.state) }

  func send(_ action: Action, site: SendLocation?) -> StoreTask {
    self.parent.send(self.fromAction(action), site: site)
  }
}
