import Clocks
import ComposableRuntime
import ConcurrencyExtras
import InMemoryTracing
import StoreTracing
import Testing
import Tracing

@MainActor
@Suite struct TracedStoreTests {
  typealias Attribute = StoreSpanAttribute

  func makeStore(
    tracer: InMemoryTracer, clock: TestClock<Duration> = TestClock()
  ) -> StoreOf<TracedFeature> {
    Store(initialState: TracedFeature.State()) {
      TracedFeature().traced(tracer: tracer)
    } withDependencies: {
      $0.continuousClock = clock
    }
  }

  @Test func anActionItsScopeItsSendEffectAndTheActionSentBack() throws {
    let tracer = InMemoryTracer()
    let store = makeStore(tracer: tracer)
    store.send(.leaf(.increment))
    #expect(store.leaf.count == 1)

    let spans = tracer.finishedSpans
    // In the order they end: the `.send` effect ends once its action is queued, before the
    // store reduces that action.
    try #require(
      spans.map(\.operationName) == [
        "leaf", "leaf.increment", "send effect", "leaf", "leaf.incremented",
      ])
    let (scope, action, effect, sentBackScope, sentBack) =
      (spans[0], spans[1], spans[2], spans[3], spans[4])

    #expect(action.parentSpanID == nil)
    #expect(action.attributes.get(Attribute.actionOrigin) == .string("send"))
    #expect(action.attributes.get(Attribute.actionSeq) == nil)
    #expect(action.attributes.get(Attribute.actionChangedPaths) == .int64(1))  // leaf.count
    #expect(scope.parentSpanID == action.spanID)
    #expect(scope.attributes.get(Attribute.scopePath) == .string("leaf"))
    #expect(effect.parentSpanID == action.spanID)
    #expect(effect.attributes.get(Attribute.effectKind) == .string("send"))
    #expect(effect.attributes.get(Attribute.effectOutcome) == .string("finished"))
    #expect(effect.attributes.get(Attribute.effectCancellationReason) == nil)
    #expect(sentBack.parentSpanID == effect.spanID)
    #expect(sentBack.attributes.get(Attribute.actionOrigin) == .string("effect"))
    #expect(sentBack.attributes.get(Attribute.actionChangedPaths) == .int64(0))
    #expect(sentBackScope.parentSpanID == sentBack.spanID)
    #expect(Set(spans.map(\.traceID)).count == 1)
    #expect(tracer.activeSpans.isEmpty)
  }

  @Test func aRunEffectSpansFromItsStartToItsOutcome() async throws {
    let tracer = InMemoryTracer()
    let clock = TestClock()
    let store = makeStore(tracer: tracer, clock: clock)
    await withMainSerialExecutor {
      let task = store.send(.load)
      await Task.yield()
      // Running: the action has ended, its effect has not.
      #expect(tracer.finishedSpans.map(\.operationName) == ["load"])
      #expect(tracer.activeSpans.map(\.operationName) == ["load"])
      await clock.advance(by: .seconds(1))
      await task.finish()
    }
    #expect(store.loaded == [42])
    let spans = tracer.finishedSpans
    // `Scope` runs its child only for the child's actions: these have no scope span.
    try #require(spans.map(\.operationName) == ["load", "loaded", "load"])
    let (action, loaded, effect) = (spans[0], spans[1], spans[2])
    #expect(effect.parentSpanID == action.spanID)
    #expect(effect.attributes.get(Attribute.effectKind) == .string("run"))
    #expect(effect.attributes.get(Attribute.effectName) == .string("load"))
    #expect(effect.attributes.get(Attribute.effectOutcome) == .string("finished"))
    let location = try #require(effect.attributes.get(Attribute.effectLocation))
    #expect("\(location)".contains("TracedFeature.swift:"))
    #expect(loaded.parentSpanID == effect.spanID)
    #expect(loaded.attributes.get(Attribute.actionOrigin) == .string("effect"))
    #expect(tracer.activeSpans.isEmpty)
  }

  @Test func aCancelledEffectCarriesItsReasonAndIDs() async throws {
    let tracer = InMemoryTracer()
    let clock = TestClock()
    let store = makeStore(tracer: tracer, clock: clock)
    await withMainSerialExecutor {
      store.send(.startTimer)
      await Task.yield()
      await store.send(.stopTimer).finish()
      await clock.run()
    }
    let effect = try #require(tracer.finishedSpans.first { $0.operationName == "run effect" })
    let start = try #require(tracer.finishedSpans.first { $0.operationName == "startTimer" })
    #expect(effect.parentSpanID == start.spanID)
    #expect(effect.attributes.get(Attribute.effectOutcome) == .string("cancelled"))
    #expect(effect.attributes.get(Attribute.effectCancellationReason) == .string("cancel_id"))
    #expect(effect.attributes.get(Attribute.effectCancelledBy) == .string("timer"))
    #expect(effect.attributes.get(Attribute.effectCancelIDs) == .stringArray(["timer"]))
    #expect(!tracer.finishedSpans.contains { $0.operationName == "tick" })
  }

  @Test func aFailedEffectRecordsItsError() async throws {
    let tracer = InMemoryTracer()
    let store = makeStore(tracer: tracer)
    await store.send(.fail).finish()
    let effect = try #require(tracer.finishedSpans.first { $0.operationName == "run effect" })
    #expect(effect.attributes.get(Attribute.effectOutcome) == .string("failed"))
    #expect(
      effect.attributes.get(Attribute.effectError)
        == .string(String(reflecting: TracedFeature.Failure())))
    #expect(effect.errors.count == 1)
    #expect(effect.errors.first?.error is TracedFeature.Failure)
    #expect(effect.status?.code == .error)
  }

  @Test func theBootstrappedTracerIsTheOneInScopeWhenTheStoreIsMade() {
    let tracer = InMemoryTracer()
    let store = withTracer(tracer) {
      Store(initialState: TracedFeature.State()) { TracedFeature().traced() }
    }
    store.send(.tick)
    #expect(tracer.finishedSpans.map(\.operationName) == ["tick"])
  }

  @Test func withNoTracerTheStoreIsNotObserved() {
    let store = Store(initialState: TracedFeature.State()) {
      TracedFeature().traced(tracer: NoOpTracer())
    }
    #expect(store.observers.isEmpty)
    let bootstrapped = Store(initialState: TracedFeature.State()) { TracedFeature().traced() }
    #expect(bootstrapped.observers.isEmpty)
    store.send(.leaf(.increment))
    #expect(store.leaf.count == 1)
  }

  @Test func anActionSentInsideASpanIsItsChild() {
    let tracer = InMemoryTracer()
    let store = makeStore(tracer: tracer)
    _ = tracer.withSpan("request") { _ in
      store.send(.tick)
    }
    let spans = tracer.finishedSpans
    #expect(spans.map(\.operationName) == ["tick", "request"])
    #expect(spans.first?.parentSpanID == spans.last?.spanID)
    #expect(spans.first?.traceID == spans.last?.traceID)
  }
}
