import ComposableRuntime
import DemoApp
import Foundation
import Testing

@MainActor
@Suite struct AppFeatureTests {
  @Test func childActionsFlowThroughScope() async {
    let clock = TestClock()
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.uuid = .incrementing
    }
    await store.send(.todos(.view(.addTodoButtonTapped))) {
      $0.todos.todos = [Todo.State(id: UUID(0))]
    }
    await store.send(.todos(.todos(.element(id: UUID(0), action: .checkBoxToggled)))) {
      $0.todos.todos[id: UUID(0)]?.isComplete = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(.todos(.internal(.sortCompletedTodos)))
  }

  @Test func presentedEditorDismissesItselfThroughScope() async {
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    }
    let stove = Item.samples[id: 2]!
    await store.send(.items(.view(.editButtonTapped(2)))) {
      $0.items.destination = .editor(ItemEditor.State(draft: stove))
    }
    await store.send(.items(.destination(.presented(.editor(.view(.saveButtonTapped))))))
    await store.receive(.items(.destination(.presented(.editor(.delegate(.saved(stove)))))))
    await store.receive(.items(.destination(.dismiss))) {
      $0.items.destination = nil
    }
  }

  @Test func profileBindingsAndAlertFlowThroughScope() async {
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    }
    await store.send(\.profile.binding.name, "Blob") {
      $0.profile.name = "Blob"
    }
    await store.send(\.profile.view.saveButtonTapped) {
      $0.profile.alert = ProfileFeature.saveAlert(name: "Blob")
    }
    await store.send(\.profile.alert.confirmSave) {
      $0.profile.alert = nil
      $0.profile.saved = ProfileFeature.Profile(name: "Blob", bio: "", isPublic: false)
    }
  }
}
