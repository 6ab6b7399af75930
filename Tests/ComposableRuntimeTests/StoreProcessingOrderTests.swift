import ComposableRuntime
import Testing

@MainActor
@Suite struct StoreProcessingOrderTests {
  @CasePathable
  enum Action: Equatable {
    case start
    case first
    case second
    case third
    case child(ChildAction)
  }

  @CasePathable
  enum ChildAction: Equatable { case tap }

  struct State: Equatable {
    var log: [String] = []
    var child: [String] = []
  }

  @Test func sendEffectsRunFirstInFirstOutInTheSameBatch() {
    let store = Store(initialState: State()) {
      Reduce<State, Action> { state, action in
        state.log.append("\(action)")
        switch action {
        case .start: return .merge(.send(.first), .send(.second))
        case .first: return .send(.third)
        default: return .none
        }
      }
    }
    let task = store.send(.start)
    #expect(store.log == ["start", "first", "second", "third"])
    #expect(task.rawValue == nil)
  }

  @Test func childRunsBeforeParent() {
    let store = Store(initialState: State()) {
      Scope(state: \State.child, action: \Action.Cases.child) {
        Reduce<[String], ChildAction> { state, _ in
          state.append("child")
          return .none
        }
      }
      Reduce<State, Action> { state, _ in
        state.log.append("parent saw child=\(state.child.count)")
        return .none
      }
    }
    store.send(.child(.tap))
    #expect(store.child == ["child"])
    #expect(store.log == ["parent saw child=1"])
  }

  @Test func stateIsWrittenBackOncePerBatch() {
    nonisolated(unsafe) var seenDuringBatch: [Int] = []
    let holder = StoreHolder()
    let store = Store(initialState: State()) {
      Reduce<State, Action> { state, action in
        state.log.append("\(action)")
        if let store = holder.store { seenDuringBatch.append(store.log.count) }
        return action == .start ? .send(.first) : .none
      }
    }
    holder.store = store
    store.send(.start)
    #expect(seenDuringBatch == [0, 0])
    #expect(store.log == ["start", "first"])
  }

  @Test func reentrantSendFromOutsideIsReportedAndQueued() {
    let holder = StoreHolder()
    let store = Store(initialState: State()) {
      Reduce<State, Action> { state, action in
        state.log.append("\(action)")
        if action == .start { holder.store?.send(.second) }
        return action == .start ? .send(.first) : .none
      }
    }
    holder.store = store
    withKnownIssue {
      store.send(.start)
    } matching: { issue in
      issue.description.contains("while it was processing another action")
        && issue.description.contains("StoreProcessingOrderTests.Action.second")
    }
    #expect(store.log == ["start", "second", "first"])
  }

  @Test func scopedStoreReadsAndSendsThroughTheParent() {
    let store = Store(initialState: State()) {
      Scope(state: \State.child, action: \Action.Cases.child) {
        Reduce<[String], ChildAction> { state, _ in
          state.append("tap")
          return .none
        }
      }
    }
    let child = store.scope(state: \.child, action: \.child)
    child.send(.tap)
    #expect(child.state == ["tap"])
    #expect(store.scope(state: \.child, action: \.child) === child)
  }

  @MainActor
  final class StoreHolder {
    var store: Store<State, Action>?
  }
}
