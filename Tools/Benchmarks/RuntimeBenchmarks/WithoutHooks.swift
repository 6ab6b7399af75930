import ComposableRuntimeWithoutHooks

/// The store-send workload on the same runtime sources built with `COMPOSABLE_RUNTIME_NO_HOOKS`:
/// the baseline for what the hook sites cost when nobody observes.
@MainActor
enum WithoutHooks {
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

  /// Sends `count` actions to a fresh store each call.
  static func storeSend() -> @MainActor (Int) -> Void {
    let store = Store(initialState: Counter.State()) { Counter() }
    return { count in
      for _ in 0..<count { store.send(.increment) }
      precondition(store.count > 0)
    }
  }
}
