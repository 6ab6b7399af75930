import ComposableRuntime
import InMemoryTracing
import Recorder
import StoreTracing
import TestSupport
import Testing
import Trace
import Tracing

@MainActor
@Suite struct TracedAndRecordedTests {
  @Test func spansCarryTheRecordedSequenceNumbers() async throws {
    let path = temporaryTracePath()
    let recorder = try Recorder(path: path)
    let tracer = InMemoryTracer()
    let store = Store(initialState: TracedFeature.State()) {
      TracedFeature().record(to: recorder).traced(tracer: tracer)
    }
    store.send(.leaf(.increment))
    store.send(.tick)
    await recorder.finish()

    let trace = try TraceReader(path: path)
    let recorded = try trace.actions(in: 1...10)
    let actionSpans = tracer.finishedSpans.filter {
      $0.attributes.get(StoreSpanAttribute.actionOrigin) != nil
    }
    #expect(recorded.map(\.name) == ["leaf.increment", "leaf.incremented", "tick"])
    #expect(actionSpans.map(\.operationName) == recorded.map(\.name))
    #expect(
      actionSpans.map { $0.attributes.get(StoreSpanAttribute.actionSeq) }
        == recorded.map { .int64($0.seq) })
  }

  @Test func withNoTracerOnlyTheRecorderWatches() async throws {
    let path = temporaryTracePath()
    let recorder = try Recorder(path: path)
    let store = Store(initialState: TracedFeature.State()) {
      TracedFeature().record(to: recorder).traced(tracer: NoOpTracer())
    }
    #expect(store.observers.count == 1)
    store.send(.tick)
    await recorder.finish()
    #expect(try TraceReader(path: path).actionSummary().count == 1)
  }
}
