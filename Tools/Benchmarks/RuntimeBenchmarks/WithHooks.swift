import ComposableRuntime
import Recorder

/// The store-send workload on the runtime as users get it: hook sites compiled in.
@MainActor
enum WithHooks {
  struct Counter: Reducer {
    struct State: Equatable {
      var count = 0
      var label = "counter"
    }
    enum Action { case increment }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.count &+= 1
      return .none
    }
  }

  /// An observer that implements every event and does nothing, to price the calls themselves.
  final class NoOpObserver: StoreObserver {
    typealias State = Counter.State
    typealias Action = Counter.Action
    var received = 0
    func storeDidReceive(_ action: Action, id: ActionID, origin: ActionOrigin) { received &+= 1 }
    func reducerWillRun(_ action: ActionID, state: State) {}
    func reducerDidRun(_ action: ActionID, state: State) {}
  }

  /// Sends `count` actions to a fresh store each call; `observed` attaches the no-op observer.
  static func storeSend(observed: Bool) -> @MainActor (Int) -> Void {
    let store = Store(initialState: Counter.State()) { Counter() }
    if observed { store.observer = NoOpObserver() }
    return { count in
      for _ in 0..<count { store.send(.increment) }
      precondition(store.count > 0)
    }
  }

  /// Sends `count` actions to a store recorded into `recorder`.
  static func recordedStoreSend(recorder: Recorder) -> @MainActor (Int) -> Void {
    let store = Store(initialState: Counter.State()) { Counter().record(to: recorder) }
    return { count in
      for _ in 0..<count { store.send(.increment) }
      precondition(store.count > 0)
    }
  }

  /// The same workload on the minimal loop that the reference line measures.
  static func minimalLoop() -> @MainActor (Int) -> Void {
    let store = HooklessStore(initialState: Counter.State(), reducer: Counter())
    return { count in
      for _ in 0..<count { store.send(.increment) }
      precondition(store.state.count > 0)
    }
  }
}
