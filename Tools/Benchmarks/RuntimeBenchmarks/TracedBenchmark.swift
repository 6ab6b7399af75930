import BenchmarkSupport
import ComposableRuntime
import DemoApp
import InMemoryTracing
import StoreTracing
import Tracing

/// What `.traced()` adds to a send, side by side: with no tracer bootstrapped (it must not show)
/// and with swift-distributed-tracing's in-memory tracer (every span kept).
@MainActor
enum TracedBenchmark {
  static func run() async {
    let tracer = InMemoryTracer()
    let counter = WithHooks.Counter()
    let plain = Store(initialState: WithHooks.Counter.State()) { counter }
    let noTracer = Store(initialState: WithHooks.Counter.State()) { counter.traced() }
    let inMemory = Store(initialState: WithHooks.Counter.State()) {
      counter.traced(tracer: tracer)
    }
    await SideBySide(
      title: "Store.send, trivial reducer, .traced()",
      operationsPerRound: 100_000, rounds: 21,
      variants: [
        .init(name: "Store", run: Self.send(.increment, to: plain)),
        .init(name: "Store, .traced(), no tracer", run: Self.send(.increment, to: noTracer)),
        .init(
          name: "Store, .traced(tracer: InMemoryTracer)", run: Self.send(.increment, to: inMemory)),
      ],
      betweenRounds: { tracer.clearAll() }
    ).report()

    let action = AppFeature.Action.counter(.view(.incrementButtonTapped))
    let app = Store(initialState: AppFeature.State()) { AppFeature() }
    let appNoTracer = Store(initialState: AppFeature.State()) { AppFeature().traced() }
    let appInMemory = Store(initialState: AppFeature.State()) {
      AppFeature().traced(tracer: tracer)
    }
    await SideBySide(
      title: "Store.send of a demo counter action, .traced()",
      operationsPerRound: 20_000, rounds: 15,
      variants: [
        .init(name: "AppFeature", run: Self.send(action, to: app)),
        .init(name: "AppFeature, .traced(), no tracer", run: Self.send(action, to: appNoTracer)),
        .init(
          name: "AppFeature, .traced(tracer: InMemoryTracer)",
          run: Self.send(action, to: appInMemory)),
      ],
      betweenRounds: { tracer.clearAll() }
    ).report()
  }

  static func send<State, Action>(
    _ action: Action, to store: Store<State, Action>
  ) -> @MainActor (Int) -> Void {
    { count in for _ in 0..<count { store.send(action) } }
  }
}
