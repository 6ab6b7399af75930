import ComposableRuntime
import Foundation

/// A todo list in the style of TCA's Todos case study: an `IdentifiedArray` of ``Todo`` rows run
/// with `forEach`.
///
/// - New todos go on top, with ids from `\.uuid`.
/// - A toggled todo stays where it is for a second, then completed todos sink to the bottom. The
///   sort is debounced on `\.continuousClock` by cancel id: toggling again within the second
///   cancels the pending sort (`cancelInFlight`) and starts the wait over.
/// - Todos are deleted by id (a row's button) or by offsets (a swipe), and completed ones can be
///   cleared at once.
@Reducer
public struct TodosFeature: Sendable {
  @ObservableState
  public struct State: Codable, Equatable, Sendable {
    public var todos: IdentifiedArrayOf<Todo.State>

    public init(todos: IdentifiedArrayOf<Todo.State> = []) {
      self.todos = todos
    }
  }

  public enum Action: Codable, Equatable, Sendable {
    case view(View)
    case `internal`(Internal)
    case todos(IdentifiedActionOf<Todo>)

    @CasePathable
    public enum View: Codable, Equatable, Sendable {
      case addTodoButtonTapped
      case deleteButtonTapped(id: Todo.State.ID)
      case rowsDeleted(IndexSet)
      case clearCompletedButtonTapped
    }

    @CasePathable
    public enum Internal: Codable, Equatable, Sendable {
      case sortCompletedTodos
    }
  }

  enum CancelID: Hashable, Sendable { case todoCompletion }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.uuid) var uuid

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .view(.addTodoButtonTapped):
        state.todos.insert(Todo.State(id: self.uuid()), at: 0)
        return .none

      case let .view(.deleteButtonTapped(id)):
        state.todos.remove(id: id)
        return .none

      case let .view(.rowsDeleted(offsets)):
        state.todos.remove(atOffsets: offsets)
        return .none

      case .view(.clearCompletedButtonTapped):
        state.todos.removeAll(where: \.isComplete)
        return .none

      case .internal(.sortCompletedTodos):
        // NB: `sort` is stable, so open and completed todos each keep their order.
        state.todos.sort { !$0.isComplete && $1.isComplete }
        return .none

      case .todos(.element(id: _, action: .checkBoxToggled)):
        return .run { send in
          try await self.clock.sleep(for: .seconds(1))
          await send(.internal(.sortCompletedTodos))
        }
        .cancellable(id: CancelID.todoCompletion, cancelInFlight: true)

      case .todos:
        return .none
      }
    }
    .forEach(\.todos, action: \.todos) {
      Todo()
    }
  }
}
