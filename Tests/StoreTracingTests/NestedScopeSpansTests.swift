import ComposableRuntime
import InMemoryTracing
import StoreTracing
import Testing
import Tracing

/// A feature two scopes deep: `middle`, and `inner` inside it.
struct NestedFeature: Reducer {
  struct Inner: Reducer {
    struct State: Equatable { var taps = 0 }
    @CasePathable
    enum Action: Equatable { case tap }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.taps += 1
      return .none
    }
  }

  struct Middle: Reducer {
    struct State: Equatable { var inner = Inner.State() }
    @CasePathable
    enum Action: Equatable { case inner(Inner.Action) }

    var body: some Reducer<State, Action> {
      Scope(state: \.inner, action: \.inner) { Inner() }
    }
  }

  struct State: Equatable { var middle = Middle.State() }
  @CasePathable
  enum Action: Equatable { case middle(Middle.Action) }

  var body: some Reducer<State, Action> {
    Scope(state: \.middle, action: \.middle) { Middle() }
  }
}

@MainActor
@Suite struct NestedScopeSpansTests {
  @Test func aNestedScopesSpanIsAChildOfTheScopeAroundIt() throws {
    let tracer = InMemoryTracer()
    let store = Store(initialState: NestedFeature.State()) {
      NestedFeature().traced(tracer: tracer)
    }
    store.send(.middle(.inner(.tap)))
    #expect(store.middle.inner.taps == 1)

    // In the order they end: the innermost scope first.
    let spans = tracer.finishedSpans
    try #require(spans.map(\.operationName) == ["middle/inner", "middle", "middle.inner.tap"])
    let (inner, middle, action) = (spans[0], spans[1], spans[2])
    #expect(action.parentSpanID == nil)
    #expect(middle.parentSpanID == action.spanID)
    #expect(inner.parentSpanID == middle.spanID)
    #expect(inner.attributes.get(StoreSpanAttribute.scopePath) == .string("middle/inner"))
    #expect(tracer.activeSpans.isEmpty)
  }
}
