import ComposableRuntime
import Testing

@MainActor
@Suite struct EffectCompositionTests {
  struct State: Equatable { var log: [String] = [] }

  @CasePathable
  enum Action: Equatable {
    case merge, concatenate, mapped
    case record(String)
    case wrapped(Inner)
  }

  @CasePathable
  enum Inner: Equatable { case value(String) }

  struct Feature: Reducer {
    @Dependency(\.continuousClock) var clock

    func delayed(_ text: String, by seconds: Int) -> Effect<Action> {
      .run { send in
        try await self.clock.sleep(for: .seconds(seconds))
        await send(.record(text))
      }
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .merge:
        return .merge(delayed("slow", by: 2), delayed("fast", by: 1), .none)
      case .concatenate:
        return .concatenate(
          delayed("first", by: 2), .send(.record("middle")), delayed("last", by: 1))
      case .mapped:
        return Effect<Inner>.merge(.send(.value("sync")), .run { await $0(.value("async")) })
          .map(Action.wrapped)
      case let .record(text):
        state.log.append(text)
        return .none
      case let .wrapped(.value(text)):
        state.log.append("wrapped \(text)")
        return .none
      }
    }
  }

  func makeStore(_ clock: TestClock<Duration>) -> StoreOf<Feature> {
    Store(initialState: State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func mergedEffectsRunAtTheSameTime() async {
    await serially {
      let clock = TestClock()
      let store = makeStore(clock)
      let log = EventLog<State, Action>()
      store.observer = log
      let task = store.send(.merge)
      await clock.advance(by: .seconds(1))
      #expect(store.log == ["fast"])
      await clock.advance(by: .seconds(1))
      await task.finish()
      #expect(store.log == ["fast", "slow"])
      // Merged `.run` effects stay separate, each with its own lifecycle.
      #expect(log.starts.map(\.id.rawValue) == [1, 2])
    }
  }

  @Test func concatenatedEffectsRunOneAfterTheOther() async {
    await serially {
      let clock = TestClock()
      let store = makeStore(clock)
      let task = store.send(.concatenate)
      await clock.advance(by: .seconds(1))
      #expect(store.log == [])
      await clock.advance(by: .seconds(1))
      #expect(store.log == ["first", "middle"])
      await clock.advance(by: .seconds(1))
      await task.finish()
      #expect(store.log == ["first", "middle", "last"])
    }
  }

  @Test func mapTransformsSyncAndAsyncActions() async {
    let store = makeStore(TestClock())
    await store.send(.mapped).finish()
    #expect(store.log == ["wrapped sync", "wrapped async"])
  }

  @Test func mergeAndConcatenateOfNothingStartNoEffect() {
    let log = EventLog<Int, Action>()
    let store = Store(initialState: 0) {
      Reduce<Int, Action> { _, _ in
        .merge(.none, .concatenate([]), Effect.none.merge(with: .none))
      }
    }
    store.observer = log
    let task = store.send(.merge)
    #expect(task.rawValue == nil)
    #expect(log.starts.isEmpty)
  }

  /// As in TCA, where `.send` is a `Just` publisher: `map` sees the action when it is delivered,
  /// and never for a send that a cancellation drops.
  @Test func mapOnASendRunsItsTransformWhenTheActionIsDelivered() {
    let transformed = LockIsolated(0)
    let mapped = Effect<Inner>.send(.value("x")).map { inner -> Action in
      transformed.withValue { $0 += 1 }
      return .wrapped(inner)
    }
    #expect(transformed.value == 0)
    let store = Store(initialState: State()) {
      Reduce<State, Action> { state, action in
        switch action {
        case .merge: return mapped
        case let .wrapped(.value(text)):
          state.log.append(text)
          return .none
        default: return .none
        }
      }
    }
    store.send(.merge)
    #expect(transformed.value == 1)
    #expect(store.log == ["x"])
  }
}
