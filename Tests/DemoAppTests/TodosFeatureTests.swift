import ComposableRuntime
import DemoApp
import Foundation
import Testing

@MainActor
@Suite struct TodosFeatureTests {
  func makeStore(
    _ todos: IdentifiedArrayOf<Todo.State> = [], clock: TestClock<Duration> = TestClock()
  ) -> TestStoreOf<TodosFeature> {
    TestStore(initialState: TodosFeature.State(todos: todos)) {
      TodosFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
    }
  }

  /// Three open todos, 0 on top.
  static let three: IdentifiedArrayOf<Todo.State> = [
    Todo.State(id: UUID(0), description: "Milk"),
    Todo.State(id: UUID(1), description: "Eggs"),
    Todo.State(id: UUID(2), description: "Bread"),
  ]

  @Test func addedTodosGoOnTopWithIDsFromTheUUIDGenerator() async {
    let store = makeStore()
    await store.send(.view(.addTodoButtonTapped)) {
      $0.todos = [Todo.State(id: UUID(0))]
    }
    await store.send(.view(.addTodoButtonTapped)) {
      $0.todos.insert(Todo.State(id: UUID(1)), at: 0)
    }
    await store.send(.todos(.element(id: UUID(1), action: .descriptionChanged("Milk")))) {
      $0.todos[id: UUID(1)]?.description = "Milk"
    }
    #expect(store.state.todos.map(\.description) == ["Milk", ""])
  }

  @Test func toggledTodoSinksToTheBottomAfterASecond() async {
    let clock = TestClock()
    let store = makeStore(Self.three, clock: clock)
    await store.send(.todos(.element(id: UUID(0), action: .checkBoxToggled))) {
      $0.todos[id: UUID(0)]?.isComplete = true
    }
    await clock.advance(by: .milliseconds(999))
    // Editing while the sort waits: an exhaustive store fails this send if the sort came early.
    await store.send(.todos(.element(id: UUID(1), action: .descriptionChanged("Eggs, 6")))) {
      $0.todos[id: UUID(1)]?.description = "Eggs, 6"
    }
    await clock.advance(by: .milliseconds(1))
    await store.receive(.internal(.sortCompletedTodos)) {
      $0.todos = [
        Todo.State(id: UUID(1), description: "Eggs, 6"),
        Todo.State(id: UUID(2), description: "Bread"),
        Todo.State(id: UUID(0), description: "Milk", isComplete: true),
      ]
    }
  }

  @Test func secondToggleWithinTheSecondCancelsTheFirstSort() async {
    let clock = TestClock()
    let store = makeStore(Self.three, clock: clock)
    await store.send(.todos(.element(id: UUID(0), action: .checkBoxToggled))) {
      $0.todos[id: UUID(0)]?.isComplete = true
    }
    await clock.advance(by: .milliseconds(500))
    await store.send(.todos(.element(id: UUID(1), action: .checkBoxToggled))) {
      $0.todos[id: UUID(1)]?.isComplete = true
    }
    // Past the first sort's deadline (1 s): it was cancelled, so this send finds nothing received.
    await clock.advance(by: .milliseconds(999))
    await store.send(.todos(.element(id: UUID(2), action: .descriptionChanged("Rye")))) {
      $0.todos[id: UUID(2)]?.description = "Rye"
    }
    await clock.advance(by: .milliseconds(1))
    await store.receive(.internal(.sortCompletedTodos)) {
      $0.todos = [
        Todo.State(id: UUID(2), description: "Rye"),
        Todo.State(id: UUID(0), description: "Milk", isComplete: true),
        Todo.State(id: UUID(1), description: "Eggs", isComplete: true),
      ]
    }
  }

  @Test func deleteByIDAndByOffsets() async {
    let store = makeStore(Self.three)
    await store.send(.view(.deleteButtonTapped(id: UUID(1)))) {
      $0.todos.remove(id: UUID(1))
    }
    await store.send(.view(.rowsDeleted([1]))) {
      $0.todos = [Todo.State(id: UUID(0), description: "Milk")]
    }
  }

  @Test func clearCompletedRemovesOnlyCompletedTodos() async {
    var todos = Self.three
    todos[id: UUID(0)]?.isComplete = true
    todos[id: UUID(2)]?.isComplete = true
    let store = makeStore(todos)
    await store.send(.view(.clearCompletedButtonTapped)) {
      $0.todos = [Todo.State(id: UUID(1), description: "Eggs")]
    }
  }
}
