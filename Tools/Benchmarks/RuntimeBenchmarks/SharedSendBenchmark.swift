import BenchmarkSupport
import ComposableRuntime

/// What a send costs when the reducer changes a `@Shared` value instead of a plain field.
@MainActor
enum SharedSendBenchmark {
  @Reducer
  struct Feature {
    @ObservableState
    struct State: Equatable {
      var plain = 0
      @Shared(.inMemory("count")) var shared = 0
    }

    enum Action {
      case incrementPlain
      case incrementShared
    }

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .incrementPlain:
          state.plain += 1
        case .incrementShared:
          state.$shared.withLock { $0 += 1 }
        }
        return .none
      }
    }
  }

  static func run() async {
    let store = Store(initialState: Feature.State()) { Feature() }
    await SideBySide(
      title: "Store.send changing a plain field vs a @Shared(.inMemory) value",
      operationsPerRound: 100_000, rounds: 15,
      variants: [
        .init(name: "plain field") { count in
          for _ in 0..<count { store.send(.incrementPlain) }
        },
        .init(name: "@Shared(.inMemory) withLock") { count in
          for _ in 0..<count { store.send(.incrementShared) }
        },
      ]
    ).report()
  }
}
