import ComposableRuntime
import Testing

@MainActor
@Suite struct EffectLifecycleTests {
  typealias Log = EventLog<TimerFeature.State, TimerFeature.Action>

  func makeStore(clock: TestClock<Duration>, log: Log) -> StoreOf<TimerFeature> {
    let store = Store(initialState: TimerFeature.State()) {
      TimerFeature()
    } withDependencies: {
      $0.continuousClock = clock
    }
    store.observer = log
    return store
  }

  @Test func cancelByIDEndsTheEffectAsCancelledOnlyOnce() async {
    await serially {
      let clock = TestClock()
      let log = Log()
      let store = makeStore(clock: clock, log: log)
      let timer = store.send(.startTimer)
      await clock.advance(by: .seconds(3))
      #expect(store.ticks == 3)
      store.send(.stopTimer)
      await timer.finish()
      await clock.advance(by: .seconds(3))
      #expect(store.ticks == 3)
      #expect(
        log.effectLines == [
          "effect #1 run start from #1 ids timer",
          "effect #1 cancelled (cancel(id: timer))",
        ])
      #expect(log.outcomes.values.allSatisfy { $0.count == 1 })
      #expect(
        log.lines.filter { $0.hasPrefix("receive") } == [
          "receive #1 startTimer from send",
          "receive #2 tick from effect #1",
          "receive #3 tick from effect #1",
          "receive #4 tick from effect #1",
          "receive #5 stopTimer from send",
        ])
    }
  }

  @Test func cancelInFlightCancelsThePreviousEffect() async {
    await serially {
      let clock = TestClock()
      let log = Log()
      let store = makeStore(clock: clock, log: log)
      let first = store.send(.search("a"))
      await clock.advance(by: .milliseconds(500))
      let second = store.send(.search("ab"))
      await first.finish()
      await clock.advance(by: .seconds(1))
      await second.finish()
      #expect(store.responses == ["ab"])
      #expect(
        log.effectLines == [
          "effect #1 run start from #1 ids search",
          "effect #2 run start from #2 ids search",
          "effect #1 cancelled (cancelInFlight (id: search))",
          "effect #2 finished",
        ])
    }
  }

  @Test func releasingTheStoreCancelsItsEffects() async {
    await serially {
      let clock = TestClock()
      let log = Log()
      var store: StoreOf<TimerFeature>? = makeStore(clock: clock, log: log)
      let task = store?.send(.sleepForever)
      #expect(log.effectLines == ["effect #1 run start from #1 ids forever"])
      store = nil
      await task?.finish()
      #expect(
        log.effectLines == [
          "effect #1 run start from #1 ids forever",
          "effect #1 cancelled (store released)",
        ])
      #expect(store == nil)
    }
  }

  @Test func cancellingTheStoreTaskCancelsItsEffects() async {
    await serially {
      let clock = TestClock()
      let log = Log()
      let store = makeStore(clock: clock, log: log)
      let task = store.send(.startTimer)
      await clock.advance(by: .seconds(1))
      task.cancel()
      await task.finish()
      #expect(task.isCancelled)
      #expect(store.ticks == 1)
      #expect(log.effectLines.last == "effect #1 cancelled (store task cancelled)")
    }
  }

  @Test func cancelIDsBelongToOneStore() async {
    await serially {
      let clock = TestClock()
      let first = makeStore(clock: clock, log: Log())
      let secondLog = Log()
      let second = makeStore(clock: clock, log: secondLog)
      let firstTimer = first.send(.startTimer)
      let secondTimer = second.send(.startTimer)
      first.send(.stopTimer)
      await firstTimer.finish()
      await clock.advance(by: .seconds(2))
      #expect(first.ticks == 0)
      #expect(second.ticks == 2)
      #expect(secondLog.effectLines == ["effect #1 run start from #1 ids timer"])
      second.send(.stopTimer)
      await secondTimer.finish()
    }
  }

  @Test func finishedEffectReportsFinished() async {
    await serially {
      let clock = TestClock()
      let log = Log()
      let store = makeStore(clock: clock, log: log)
      let task = store.send(.search("q"))
      await clock.advance(by: .seconds(1))
      await task.finish()
      #expect(store.responses == ["q"])
      #expect(
        log.effectLines == ["effect #1 run start from #1 ids search", "effect #1 finished"])
      #expect(log.lines.contains("receive #2 searchResponse(\"q\") from effect #1"))
    }
  }
}
