import ComposableRuntime
import Testing

@MainActor
@Suite struct NavigationTests {
  typealias Log = EventLog<Parent.State, Parent.Action>

  func makeStore(_ clock: TestClock<Duration>, _ log: Log) -> StoreOf<Parent> {
    let store = Store(initialState: Parent.State()) {
      Parent()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.observer = log
    return store
  }

  @Test func ifLetCancelsTheChildsEffectsWhenItsStateIsCleared() async {
    await serially {
      let clock = TestClock()
      let log = Log()
      let store = makeStore(clock, log)
      store.send(.setOptional(1))
      let ticking = store.send(.optional(.startTicking))
      await clock.advance(by: .seconds(2))
      #expect(store.optional?.ticks == 2)
      store.send(.setOptional(nil))
      await ticking.finish()
      #expect(log.effectSummary == ["#1 run: cancelled (parent dismissed)"])
      #expect(log.lines.contains("scope optional begin"))
    }
  }

  @Test func childActionWithoutChildStateIsReportedWithTheAction() {
    let store = makeStore(TestClock(), Log())
    withKnownIssue {
      store.send(.optional(.tick))
    } matching: { issue in
      issue.description.contains("An 'ifLet' at")
        && issue.description.contains("child state was nil")
        && issue.description.contains("Parent.Action.optional(.tick)")
    }
    withKnownIssue {
      store.send(.children(.element(id: 5, action: .tick)))
    } matching: { issue in
      issue.description.contains("no element with id 5") && issue.description.contains(".tick")
    }
    withKnownIssue {
      store.send(.destination(.presented(.child(.tick))))
    } matching: {
      $0.description.contains("destination state was absent")
    }
  }

  @Test func childDismissesItselfThroughItsPresentationEffect() async {
    await serially {
      let clock = TestClock()
      let log = Log()
      let store = makeStore(clock, log)
      store.send(.present(7))
      let ticking = store.send(.destination(.presented(.child(.startTicking))))
      await clock.advance(by: .seconds(1))
      #expect(store.destination == .child(Child.State(id: 7, ticks: 1)))
      await store.send(.destination(.presented(.child(.closeButtonTapped)))).finish()
      await ticking.finish()
      #expect(store.destination == nil)
      #expect(store.saved == [7])
      #expect(
        log.effectSummary == [
          "#1 presentation: finished",
          "#2 run: cancelled (parent dismissed)",
          "#3 run: finished",
          "#4 send: finished",
        ])
      #expect(log.lines.contains("receive #6 destination(dismiss) from effect #4"))
      #expect(log.starts.map(\.kind) == [.presentation, .run, .run, .send])
      #expect(log.lines.contains("scope $destination begin"))
    }
  }

  @Test func parentDismissalCancelsTheChildAndItsPresentation() async {
    await serially {
      let clock = TestClock()
      let log = Log()
      let store = makeStore(clock, log)
      let presented = store.send(.present(1))
      let ticking = store.send(.destination(.presented(.child(.startTicking))))
      store.send(.dismissDestination)
      await presented.finish()
      await ticking.finish()
      #expect(
        log.effectSummary == [
          "#1 presentation: cancelled (parent dismissed)",
          "#2 run: cancelled (parent dismissed)",
        ])
      #expect(!log.lines.contains { $0.contains("destination(dismiss)") })
    }
  }

  @Test func switchingDestinationCaseDismissesTheOldOne() async {
    await serially {
      let clock = TestClock()
      let log = Log()
      let store = makeStore(clock, log)
      store.send(.present(1))
      let ticking = store.send(.destination(.presented(.child(.startTicking))))
      store.send(.presentOther)
      await ticking.finish()
      #expect(
        log.effectSummary == [
          "#1 presentation: cancelled (parent dismissed)",
          "#2 run: cancelled (parent dismissed)",
          "#3 presentation: running",
        ])
      store.send(.dismissDestination)
      await Task.megaYield()
      #expect(log.effectSummary.last == "#3 presentation: cancelled (parent dismissed)")
    }
  }

  @Test func everyScopeRunIsReportedWithItsOwnPath() {
    // More elements than the runtime keeps built paths for, each sent to twice, between runs
    // of another child: each run's path names its own element.
    let log = Log()
    let store = makeStore(TestClock(), log)
    store.send(.setOptional(1))
    for id in 1...12 { store.send(.add(id)) }
    var expected: [String] = []
    for round in 0..<2 {
      for id in 1...12 {
        store.send(.children(.element(id: id, action: .tick)))
        expected.append("scope children[id: \(id)] begin")
        if id.isMultiple(of: 5) || round == 1 {
          store.send(.optional(.tick))
          expected.append("scope optional begin")
        }
      }
    }
    let begun = log.lines.filter { $0.hasPrefix("scope") && $0.hasSuffix("begin") }
    #expect(Array(begun.suffix(expected.count)) == expected)
    #expect(store.children.map(\.ticks) == Array(repeating: 2, count: 12))
  }

  @Test func forEachCancelsTheEffectsOfARemovedElement() async {
    await serially {
      let clock = TestClock()
      let log = Log()
      let store = makeStore(clock, log)
      store.send(.add(1))
      store.send(.add(2))
      let first = store.send(.children(.element(id: 1, action: .startTicking)))
      let second = store.send(.children(.element(id: 2, action: .startTicking)))
      await clock.advance(by: .seconds(1))
      store.send(.remove(1))
      await first.finish()
      await clock.advance(by: .seconds(1))
      #expect(store.children.map(\.ticks) == [2])
      #expect(
        log.effectSummary == ["#1 run: cancelled (parent dismissed)", "#2 run: running"])
      #expect(log.lines.contains("scope children[id: 1] begin"))
      store.send(.remove(2))
      await second.finish()
    }
  }

  @Test func stackElementsDismissThemselvesByPopping() async {
    await serially {
      let clock = TestClock()
      let log = Log()
      let store = makeStore(clock, log)
      store.send(.push(1))
      store.send(.push(2))
      #expect(store.path.ids == [0, 1])
      let ticking = store.send(.path(.element(id: 0, action: .child(.startTicking))))
      await store.send(.path(.element(id: 1, action: .child(.closeButtonTapped)))).finish()
      #expect(store.path.ids == [0])
      #expect(store.saved == [2])
      store.send(.path(.popFrom(id: 0)))
      await ticking.finish()
      #expect(store.path.isEmpty)
      #expect(
        log.effectSummary == [
          "#1 presentation: cancelled (parent dismissed)",
          "#2 presentation: finished",
          "#3 run: cancelled (parent dismissed)",
          "#4 run: finished",
          "#5 send: finished",
        ])
      #expect(log.lines.contains("receive #6 path(popFrom(id: #1)) from effect #5"))
    }
  }
}
