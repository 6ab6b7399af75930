import ComposableRuntime
import DemoApp
import Testing

@MainActor
@Suite struct ItemListFeatureTests {
  static let tent = Item.samples[id: 1]!
  static let stove = Item.samples[id: 2]!
  static let lantern = Item.samples[id: 3]!
  static let tentDetail = ItemListFeature.Path.State.detail(
    ItemDetail.State(item: tent, related: [stove, lantern]))
  static let stoveDetail = ItemListFeature.Path.State.detail(
    ItemDetail.State(item: stove, related: [tent, lantern]))

  func makeStore() -> TestStoreOf<ItemListFeature> {
    TestStore(initialState: ItemListFeature.State()) {
      ItemListFeature()
    }
  }

  @Test func editorSavesThroughItsDelegateAndDismissesItself() async {
    let store = makeStore()
    await store.send(.view(.editButtonTapped(1))) {
      $0.destination = .editor(ItemEditor.State(draft: Self.tent))
    }
    await store.send(.destination(.presented(.editor(.view(.nameChanged("Tarp")))))) {
      $0.destination?.modify(\.editor) { $0.draft.name = "Tarp" }
    }
    await store.send(.destination(.presented(.editor(.view(.notesChanged("3 × 4 m")))))) {
      $0.destination?.modify(\.editor) { $0.draft.notes = "3 × 4 m" }
    }
    let tarp = Item(id: 1, name: "Tarp", notes: "3 × 4 m")
    await store.send(.destination(.presented(.editor(.view(.saveButtonTapped)))))
    await store.receive(.destination(.presented(.editor(.delegate(.saved(tarp)))))) {
      $0.items[id: 1] = tarp
    }
    await store.receive(.destination(.dismiss)) {
      $0.destination = nil
    }
    #expect(store.state.items.map(\.name) == ["Tarp", "Stove", "Lantern"])
  }

  @Test func cancellingSetsTheDestinationToNilAndSavesNothing() async {
    let store = makeStore()
    await store.send(.view(.editButtonTapped(2))) {
      $0.destination = .editor(ItemEditor.State(draft: Self.stove))
    }
    await store.send(.destination(.presented(.editor(.view(.nameChanged("Grill")))))) {
      $0.destination?.modify(\.editor) { $0.draft.name = "Grill" }
    }
    await store.send(.view(.cancelEditButtonTapped)) {
      $0.destination = nil
    }
    #expect(store.state.items == Item.samples)
  }

  @Test func detailPushesAnotherDetailAndPopsItself() async {
    let store = makeStore()
    await store.send(.view(.itemTapped(1))) {
      $0.path[id: 0] = Self.tentDetail
    }
    await store.send(.path(.element(id: 0, action: .detail(.view(.relatedItemTapped(2))))))
    await store.receive(.path(.element(id: 0, action: .detail(.delegate(.showItem(Self.stove)))))) {
      $0.path[id: 1] = Self.stoveDetail
    }
    await store.send(.path(.element(id: 1, action: .detail(.view(.closeButtonTapped)))))
    await store.receive(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
    }
    #expect(store.state.path.ids == [0])
    // The back button pops the first detail; its presentation ends with it.
    await store.send(.path(.popFrom(id: 0))) {
      $0.path = StackState()
    }
  }

  @Test func navigationLinkPushesADetailByStackAction() async {
    let store = makeStore()
    let detail = ItemListFeature.Path.State.detail(ItemDetail.State(item: Self.lantern))
    await store.send(.path(.push(id: 0, state: detail))) {
      $0.path[id: 0] = detail
    }
    await store.send(.path(.element(id: 0, action: .detail(.view(.closeButtonTapped)))))
    await store.receive(.path(.popFrom(id: 0))) {
      $0.path = StackState()
    }
  }
}
