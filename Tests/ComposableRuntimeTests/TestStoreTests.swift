import ComposableRuntime
import Testing

@MainActor
@Suite struct TestStoreTests {
  @Reducer
  struct Feature {
    @ObservableState
    struct State: Equatable {
      var count = 0
      var fact: String?
      var isTimerRunning = false
    }

    enum Action: Equatable {
      case increment
      case factButtonTapped
      case factResponse(Result<String, Failure>)
      case toggleTimer
      case tick
      case sendTwo
      case first
      case second
    }

    struct Failure: Error, Equatable {}

    enum CancelID: Hashable, Sendable { case timer }

    @Dependency(\.continuousClock) var clock
    @Dependency(\.date.now) var now

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .increment:
          state.count += 1
          return .none
        case .factButtonTapped:
          return .run { [count = state.count, clock] send in
            try await clock.sleep(for: .seconds(1))
            await send(.factResponse(.success("\(count) is good")))
          }
        case let .factResponse(.success(fact)):
          state.fact = fact
          return .none
        case .factResponse(.failure):
          return .none
        case .toggleTimer:
          state.isTimerRunning.toggle()
          guard state.isTimerRunning else { return .cancel(id: CancelID.timer) }
          return .run { [clock] send in
            for await _ in clock.timer(interval: .seconds(1)) { await send(.tick) }
          }
          .cancellable(id: CancelID.timer)
        case .tick:
          state.count += 1
          return .none
        case .sendTwo:
          return .merge(.send(.first), .send(.second))
        case .first, .second:
          return .none
        }
      }
    }
  }

  func makeStore(_ clock: TestClock<Duration>) -> TestStoreOf<Feature> {
    TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func exhaustiveFlowWithTimerAndFact() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.toggleTimer) { $0.isTimerRunning = true }
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.count = 1 }
    await store.receive(\.tick) { $0.count = 2 }
    await store.send(.toggleTimer) { $0.isTimerRunning = false }
    await store.send(.factButtonTapped)
    await clock.advance(by: .seconds(1))
    await store.receive(\.factResponse.success, "2 is good") { $0.fact = "2 is good" }
    #expect(store.state.fact == "2 is good")
  }

  @Test func sendByCaseKeyPath() async {
    let store = makeStore(TestClock())
    await store.send(\.increment) { $0.count = 1 }
    await store.send(\.factResponse, .failure(Feature.Failure()))
  }

  @Test func stateMismatchShowsTheDiff() async {
    let store = makeStore(TestClock())
    await withKnownIssue {
      await store.send(.increment) { $0.count = 2 }
    } matching: { issue in
      let text = issue.description
      return text.contains("A state change does not match expectation after sending")
        && text.contains("−   count: 2,") && text.contains("+   count: 1,")
        && text.contains("(Expected: −, Actual: +)")
    }
    #expect(store.state.count == 1)
  }

  @Test func unassertedChangeFails() async {
    let store = makeStore(TestClock())
    await withKnownIssue {
      await store.send(.increment)
    } matching: {
      $0.description.contains("does not match expectation")
    }
  }

  @Test func closureThatChangesNothingFails() async {
    let store = makeStore(TestClock())
    await withKnownIssue {
      await store.send(.first) { _ in }
    } matching: {
      $0.description.contains("Expected state to change")
    }
  }

  @Test func unexpectedReceivedActionIsNamed() async {
    let store = makeStore(TestClock())
    await store.send(.sendTwo)
    await withKnownIssue {
      await store.receive(.second)
    } matching: { issue in
      issue.description.contains("Received unexpected action")
        && issue.description.contains("TestStoreTests.Feature.Action.first")
    }
    await store.receive(.second)
  }

  @Test func sendingBeforeHandlingReceivedActionsFails() async {
    let store = makeStore(TestClock())
    await store.send(.sendTwo)
    await withKnownIssue {
      await store.send(.increment) { $0.count = 1 }
    } matching: { issue in
      issue.description.contains("Must handle 2 received actions before sending")
    }
    await store.skipReceivedActions()
  }

  @Test func receivingWhenNothingArrivesFails() async {
    let store = makeStore(TestClock())
    await withKnownIssue {
      await store.receive(.tick)
    } matching: {
      $0.description.contains("Expected to receive")
    }
  }

  @Test func effectStillRunningAtTheEndFailsNamingItsAction() async {
    let clock = TestClock()
    await withKnownIssue {
      let store = makeStore(clock)
      store.timeout = .milliseconds(50)
      await store.send(.toggleTimer) { $0.isTimerRunning = true }
      await store.finish()
    } matching: { issue in
      issue.description.contains("still running when the test ended")
        && issue.description.contains("TestStoreTests.Feature.Action.toggleTimer")
    }
  }

  @Test func releasingTheStoreWithAnEffectRunningFails() async {
    let clock = TestClock()
    await withKnownIssue {
      var store: TestStoreOf<Feature>? = makeStore(clock)
      await store?.send(.toggleTimer) { $0.isTimerRunning = true }
      store = nil
      await Task.megaYield()
    } matching: {
      $0.description.contains("TestStoreTests.Feature.Action.toggleTimer")
    }
  }

  @Test func skipInFlightEffectsCancelsThem() async {
    let store = makeStore(TestClock())
    await store.send(.toggleTimer) { $0.isTimerRunning = true }
    await store.skipInFlightEffects()
    await store.finish()
  }

  @Test func strictSkipsFailWhenThereIsNothingToSkip() async {
    let store = makeStore(TestClock())
    await withKnownIssue {
      await store.skipReceivedActions()
    } matching: {
      $0.description.contains("no received actions to skip")
    }
    await withKnownIssue {
      await store.skipInFlightEffects()
    } matching: {
      $0.description.contains("no in-flight effects to skip")
    }
  }

  @Test func nonExhaustiveChecksOnlyWhatIsAsserted() async {
    let clock = TestClock()
    let store = makeStore(clock)
    store.exhaustivity = .off
    await store.send(.toggleTimer)
    await clock.advance(by: .seconds(3))
    // The first matching action is asserted; the later ticks are skipped by the next send.
    await store.receive(.tick) { $0.count = 1 }
    await store.send(.increment) { $0.count = 4 }
    await withKnownIssue {
      await store.send(.increment) { $0.count = 99 }
    } matching: {
      $0.description.contains("does not match expectation")
    }
    await store.skipInFlightEffects()
  }

  @Test func nonExhaustiveWithShownSkipsReportsThemAsExpected() async {
    let store = makeStore(TestClock())
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.sendTwo)
    await store.receive(.second)
  }

  @Test func withDependenciesAppliesToTheNextAction() async {
    let store = makeStore(ImmediateClockForTests.clock)
    await store.withDependencies {
      $0.continuousClock = ImmediateClock()
    } operation: {
      await store.send(.factButtonTapped)
      await store.receive(\.factResponse.success) { $0.fact = "0 is good" }
    }
    await store.withExhaustivity(.off) {
      await store.send(.increment)
    }
    #expect(store.exhaustivity == .on)
  }

  @Test func taskFinishAndCancel() async {
    let clock = TestClock()
    let store = makeStore(clock)
    let task = await store.send(.factButtonTapped)
    await clock.advance(by: .seconds(1))
    await task.finish()
    await store.receive(\.factResponse) { $0.fact = "0 is good" }
    let timer = await store.send(.toggleTimer) { $0.isTimerRunning = true }
    await timer.cancel()
    #expect(timer.isCancelled)
  }
}

@MainActor
@Suite struct TestStorePresentationTests {
  @Test func presentedChildLeftOpenDoesNotFailTheTest() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.present(1)) { $0.destination = .child(Child.State(id: 1)) }
    await store.send(.push(2)) { $0.path[id: 0] = .child(Child.State(id: 2)) }
    await store.finish()
  }

  @Test func childDismissalIsReceivedAsDismiss() async {
    let store = TestStore(initialState: Parent.State()) { Parent() }
    await store.send(.present(1)) { $0.destination = .child(Child.State(id: 1)) }
    await store.send(.destination(.presented(.child(.closeButtonTapped))))
    await store.receive(.destination(.presented(.child(.delegate(.saved(1)))))) {
      $0.saved = [1]
    }
    await store.receive(.destination(.dismiss)) { $0.destination = nil }
  }
}

extension TestStorePresentationTests {
  @Test func plainChildPresentedWithATrailingClosureDismissesItself() async {
    let store = TestStore(initialState: SheetParent.State()) { SheetParent() }
    await store.send(.showSheet) { $0.sheet = Child.State(id: 9) }
    await store.send(.sheet(.presented(.closeButtonTapped)))
    await store.receive(.sheet(.presented(.delegate(.saved(9)))))
    await store.receive(.sheet(.dismiss)) { $0.sheet = nil }
  }
}

/// A clock that is replaced before use; only its type matters.
enum ImmediateClockForTests {
  static let clock = TestClock()
}
