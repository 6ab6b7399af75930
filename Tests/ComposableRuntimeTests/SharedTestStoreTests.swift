import ComposableRuntime
import Foundation
import Testing

@MainActor
@Suite struct SharedTestStoreTests {
  @Reducer
  struct Counter {
    @ObservableState
    struct State: Equatable {
      @Shared(.appStorage("count")) var count = 0
      @Shared(.inMemory("log")) var log: [String] = []
      var local = 0
    }

    enum Action: Equatable {
      case increment
      case incrementLocal
      case logLater
      case saveInEffect
      case logged
    }

    @Dependency(\.continuousClock) var clock

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .increment:
          state.$count.withLock { $0 += 1 }
          return .none
        case .incrementLocal:
          state.local += 1
          return .none
        case .logLater:
          return .run { send in
            try await self.clock.sleep(for: .seconds(1))
            await send(.logged)
          }
        case .logged:
          state.$log.withLock { $0.append("logged") }
          return .none
        case .saveInEffect:
          let log = state.$log
          return .run { _ in
            try await self.clock.sleep(for: .seconds(1))
            log.withLock { $0.append("from effect") }
          }
        }
      }
    }
  }

  func makeStore(_ clock: TestClock<Duration> = TestClock()) -> TestStoreOf<Counter> {
    TestStore(initialState: Counter.State()) {
      Counter()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func sharedChangeAssertedInTheSendClosure() async {
    let store = makeStore()
    await store.send(.increment) {
      $0.$count.withLock { $0 = 1 }
    }
    await store.send(.increment) {
      $0.$count.withLock { $0 += 1 }
    }
    #expect(store.state.count == 2)
  }

  @Test func unassertedSharedChangeFails() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.increment)
    } matching: { issue in
      issue.description.contains("A state change does not match expectation")
        && issue.description.contains("−   _count: 0")
        && issue.description.contains("+   _count: 1")
    }
  }

  @Test func wrongSharedAssertionFails() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.increment) {
        $0.$count.withLock { $0 = 5 }
      }
    } matching: {
      $0.description.contains("A state change does not match expectation")
    }
  }

  @Test func assertingAnUnchangedSharedValueFails() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.incrementLocal) {
        $0.local = 1
        $0.$count.withLock { $0 = 1 }
      }
    } matching: {
      $0.description.contains("A state change does not match expectation")
    }
  }

  @Test func plainFieldsStillAssertBesideShared() async {
    let store = makeStore()
    await store.send(.incrementLocal) { $0.local = 1 }
    await store.send(.increment) { $0.$count.withLock { $0 = 1 } }
  }

  @Test func receivedActionsAssertSharedChanges() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.logLater)
    await clock.advance(by: .seconds(1))
    await store.receive(.logged) {
      $0.$log.withLock { $0 = ["logged"] }
    }
  }

  @Test func storeAssertCoversAChangeAnEffectMadeWithoutAnAction() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.saveInEffect)
    await clock.advance(by: .seconds(1))
    store.assert {
      $0.$log.withLock { $0 = ["from effect"] }
    }
    await store.finish()
  }

  @Test func finishingWithAnUnassertedEffectChangeFails() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.saveInEffect)
    await clock.advance(by: .seconds(1))
    await withKnownIssue {
      await store.finish()
    } matching: {
      $0.description.contains("Test store finished before asserting against changes to shared")
    }
  }

  @Test func storeAssertOfPlainStateWithoutChangeIsFine() async {
    let store = makeStore()
    await store.send(.incrementLocal) { $0.local = 1 }
    store.assert { $0.local = 1 }
    await withKnownIssue {
      store.assert { $0.local = 2 }
    } matching: {
      $0.description.contains("does not match expectation")
    }
  }

  @Test func sharedKeysAreIsolatedPerTest() async {
    // The other tests of this suite change `count`; each starts from the default.
    let store = makeStore()
    #expect(store.state.count == 0)
    @Shared(.appStorage("count")) var count = 0
    #expect(count == 0)
    await store.send(.increment) { $0.$count.withLock { $0 = 1 } }
    // The test's own declaration of the key sees the store's value: one key, one value.
    #expect(count == 1)
  }

  @Test func nonExhaustiveStoreSkipsSharedChanges() async {
    let store = makeStore()
    store.exhaustivity = .off
    await store.send(.increment)
    await store.send(.increment) { $0.$count.withLock { $0 = 2 } }
  }
}
