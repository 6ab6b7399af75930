import ComposableRuntime
import Foundation

/// A feature that shows every kind of span: a child scope, a `.send` effect, a named `.run` that
/// sends an action back, a cancellable one and one that fails.
struct TracedFeature: Reducer {
  struct Leaf: Reducer {
    struct State: Equatable { var count = 0 }
    @CasePathable
    enum Action: Equatable { case increment, incremented(Int) }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.count += 1
        return .send(.incremented(state.count))
      case .incremented:
        return .none
      }
    }
  }

  struct State: Equatable {
    var leaf = Leaf.State()
    var loaded: [Int] = []
  }
  @CasePathable
  enum Action: Equatable {
    case leaf(Leaf.Action)
    case load, loaded(Int)
    case startTimer, stopTimer, tick
    case fail
  }
  enum CancelID: Hashable, Sendable { case timer }
  struct Failure: Error, Equatable {}

  @Dependency(\.continuousClock) var clock

  var body: some Reducer<State, Action> {
    Scope(state: \.leaf, action: \.leaf) { Leaf() }
    Reduce { state, action in
      switch action {
      case .leaf, .tick:
        return .none
      case .load:
        return .run(name: "load") { [clock] send in
          try await clock.sleep(for: .seconds(1))
          await send(.loaded(42))
        }
      case let .loaded(value):
        state.loaded.append(value)
        return .none
      case .startTimer:
        return .run { [clock] send in
          try await clock.sleep(for: .seconds(10))
          await send(.tick)
        }
        .cancellable(id: CancelID.timer)
      case .stopTimer:
        return .cancel(id: CancelID.timer)
      case .fail:
        return .run { _ in
          throw Failure()
        } catch: { _, _ in
        }
      }
    }
  }
}
