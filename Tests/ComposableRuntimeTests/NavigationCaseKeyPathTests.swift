import ComposableRuntime
import Testing

/// Counts the actions that navigation case key paths pick out.
@Reducer
private struct Counting {
  @ObservableState
  struct State: Equatable {
    var parent = Parent.State()
    var childTicks = 0
  }
  enum Action: Equatable { case parent(Parent.Action) }
  var body: some ReducerOf<Self> {
    Scope(state: \.childTicks, action: \.parent.destination.child.tick) {
      Reduce { count, _ in
        count += 1
        return .none
      }
    }
    Scope(state: \.childTicks, action: \.parent.children[id: 5].tick) {
      Reduce { count, _ in
        count += 10
        return .none
      }
    }
    Scope(\.parent, action: \.parent) { Parent() }
  }
}

/// Case key paths through `IdentifiedAction`, `StackAction` and `PresentationAction`, the way TCA
/// users write them in tests.
@MainActor
@Suite struct NavigationCaseKeyPathTests {
  func makeStore(_ clock: TestClock<Duration> = TestClock()) -> TestStoreOf<Parent> {
    TestStore(initialState: Parent.State()) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func anElementOfAnIdentifiedArrayByID() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.add(3)) {
      $0.children = [Child.State(id: 3)]
    }
    await store.send(.add(4)) {
      $0.children.append(Child.State(id: 4))
    }
    await store.send(\.children[id: 4].tick) {
      $0.children[id: 4]?.ticks = 1
    }
    await store.send(\.children[id: 3].startTicking)
    await clock.advance(by: .seconds(1))
    await store.receive(\.children[id: 3].tick) {
      $0.children[id: 3]?.ticks = 1
    }
    await store.send(.remove(3)) {
      $0.children.remove(id: 3)
    }
  }

  @Test func aStackElementByIDAndPopFrom() async {
    let store = makeStore()
    await store.send(.push(1)) {
      $0.path[id: 0] = .child(Child.State(id: 1))
    }
    await store.send(.push(2)) {
      $0.path[id: 1] = .child(Child.State(id: 2))
    }
    await store.send(\.path[id: 1].child.tick) {
      $0.path[id: 1]?.modify(\.child) { $0.ticks = 1 }
    }
    await store.send(\.path[id: 0].child.closeButtonTapped)
    await store.receive(\.path[id: 0].child.delegate.saved, 1) {
      $0.saved = [1]
    }
    await store.receive(\.path.popFrom, 0) {
      $0.path = StackState()
    }
  }

  @Test func aPresentedDestinationWithoutSpellingPresented() async {
    let store = makeStore()
    await store.send(.present(7)) {
      $0.destination = .child(Child.State(id: 7))
    }
    await store.send(\.destination.child.tick) {
      $0.destination?.modify(\.child) { $0.ticks = 1 }
    }
    await store.send(\.destination.presented.child.tick) {
      $0.destination?.modify(\.child) { $0.ticks = 2 }
    }
    await store.send(\.destination.child.closeButtonTapped)
    await store.receive(\.destination.child.delegate.saved, 7) {
      $0.saved = [7]
    }
    await store.receive(\.destination.dismiss) {
      $0.destination = nil
    }
  }

  @Test func navigationCaseKeyPathsEmbedAndExtract() {
    let element = Parent.Action.children(.element(id: 3, action: .tick))
    #expect(element[case: \.children[id: 3]] as Child.Action? == .tick)
    #expect(element[case: \.children[id: 4]] == nil)
    #expect(AnyCasePath(\Parent.Action.Cases.children[id: 3].tick).embed(()) == element)

    let stackElement = Parent.Action.path(.element(id: 2, action: .child(.tick)))
    #expect(stackElement.is(\.path[id: 2].child.tick))
    #expect(!stackElement.is(\.path[id: 1].child.tick))
    #expect(Parent.Action.path(.popFrom(id: 2))[case: \.path.popFrom] as StackElementID? == 2)

    let presented = Parent.Action.destination(.presented(.child(.tick)))
    #expect(presented.is(\.destination.child.tick))
    #expect(!presented.is(\.destination.other))
    #expect(AnyCasePath(\Parent.Action.Cases.destination.child).embed(.tick) == presented)
  }

  @Test func scopeAndForEachTakeTheShortcuts() async {
    let store = TestStore(initialState: Counting.State()) {
      Counting()
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    await store.send(.parent(.present(1))) {
      $0.parent.destination = .child(Child.State(id: 1))
    }
    await store.send(.parent(.destination(.presented(.child(.tick))))) {
      $0.childTicks = 1
      $0.parent.destination?.modify(\.child) { $0.ticks = 1 }
    }
    await store.send(.parent(.add(5))) {
      $0.parent.children = [Child.State(id: 5)]
    }
    await store.send(.parent(.children(.element(id: 5, action: .tick)))) {
      $0.childTicks = 11
      $0.parent.children[id: 5]?.ticks = 1
    }
    await store.send(.parent(.dismissDestination)) {
      $0.parent.destination = nil
    }
  }
}
