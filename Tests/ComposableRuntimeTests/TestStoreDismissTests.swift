import ComposableRuntime
import IssueReporting
import Testing

/// A feature under a `TestStore` dismisses itself as TCA's test store lets it: `isDismissed`
/// turns true, the effects in flight are no longer the test's to end, and a later send is an
/// issue.
@MainActor
struct TestStoreDismissTests {
  @Reducer
  struct Meeting {
    @ObservableState
    struct State: Equatable {
      var secondsElapsed = 0
    }
    enum Action: Equatable {
      case onAppear
      case timerTicked
      case endTapped
      case delegate(Delegate)
      @CasePathable
      enum Delegate: Equatable { case save(Int) }
    }
    @Dependency(\.continuousClock) var clock
    @Dependency(\.dismiss) var dismiss

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .onAppear:
          return .run { send in
            for await _ in self.clock.timer(interval: .seconds(1)) {
              await send(.timerTicked)
            }
          }
        case .timerTicked:
          state.secondsElapsed += 1
          return .none
        case .endTapped:
          return .run { [seconds = state.secondsElapsed] send in
            await send(.delegate(.save(seconds)))
            await self.dismiss()
          }
        case .delegate:
          return .none
        }
      }
    }
  }

  func makeStore(clock: TestClock<Duration>) -> TestStoreOf<Meeting> {
    TestStore(initialState: Meeting.State()) {
      Meeting()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func aFeatureThatDismissesItselfIsDismissed() async {
    let clock = TestClock()
    let store = self.makeStore(clock: clock)
    #expect(!store.isDismissed)
    await store.send(.onAppear)
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTicked) { $0.secondsElapsed = 1 }
    await store.send(.endTapped)
    await store.receive(\.delegate.save, 1)
    #expect(store.isDismissed)
    // NB: The timer still runs; a dismissed store's test need not end it.
  }

  @Test func sendingToADismissedStoreIsAnIssue() async {
    let clock = TestClock()
    let store = self.makeStore(clock: clock)
    await store.send(.endTapped)
    await store.receive(\.delegate.save, 0)
    #expect(store.isDismissed)
    await withKnownIssue {
      await store.send(.endTapped)
    } matching: { issue in
      issue.description.contains("Can't send action to dismissed test store.")
    }
  }

  @Test func aDismissalTheTestSetUpRunsToo() async {
    let calls = LockIsolated(0)
    let store = TestStore(initialState: Meeting.State()) {
      Meeting()
    } withDependencies: {
      $0.dismiss = DismissEffect { calls.withValue { $0 += 1 } }
    }
    await store.send(.endTapped)
    await store.receive(\.delegate.save, 0)
    #expect(calls.value == 1)
    #expect(store.isDismissed)
  }
}
