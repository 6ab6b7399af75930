import ComposableRuntime
import Testing

/// `receive(\.case, value)` matches the case and the payload: the right case with another payload
/// is an unexpected action, not a match.
@MainActor
@Suite struct TestStoreReceiveValueTests {
  @Reducer
  struct Feature {
    @ObservableState
    struct State: Equatable {
      var total = 0
    }

    enum Action: Equatable {
      case add(Int)
      case addBoth(Int, Int)
      case added(Int)
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case let .add(amount):
          return .send(.added(amount))
        case let .addBoth(first, second):
          return .concatenate(.send(.added(first)), .send(.added(second)))
        case let .added(amount):
          state.total += amount
          return .none
        }
      }
    }
  }

  @Test func theRightCaseWithTheRightPayloadIsReceived() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.add(3))
    await store.receive(\.added, 3) { $0.total = 3 }
  }

  @Test func theRightCaseWithAnotherPayloadFails() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    await store.send(.add(3))
    await withKnownIssue {
      // NB: The assertion of the state is right for what arrived, so only the payload can fail.
      await store.receive(\.added, 4) { $0.total = 3 }
    } matching: { issue in
      issue.description.contains("Received unexpected action")
        && issue.description.contains("Feature.Action.added(4)")
        && issue.description.contains("Feature.Action.added(3)")
    }
    #expect(store.state.total == 3)
  }

  @Test func nonExhaustiveSkipsTheSameCaseWithAnotherPayload() async {
    let store = TestStore(initialState: Feature.State()) { Feature() }
    store.exhaustivity = .off
    await store.send(.addBoth(1, 2))
    // The first `added` carries 1: the receive skips it and asserts the state after `added(2)`.
    await store.receive(\.added, 2) { $0.total = 3 }
    #expect(store.state.total == 3)
  }
}
