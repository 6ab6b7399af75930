import ComposableRuntime
import DemoApp
import Foundation
import TestSupport
import Testing
import Trace

@_spi(Testing) @testable import Recorder

/// What the recorder does when its queue is full: `.wait` (the default) loses nothing however far
/// a storm outruns the worker; `.dropAndCount` counts what it did not capture. Each trace says
/// which policy it was recorded with. (The kill -9 and disk-full tests under both
/// policies are in `RecorderReliabilityTests`.)
@MainActor
@Suite struct WhenFullTests {
  /// Sends `count` increments without a suspension, far faster than the worker takes (at most
  /// 1,024 events every 50 ms into the smallest queue).
  func storm(_ count: Int, whenFull: Recorder.Options.WhenFull?) async throws -> TraceReader {
    let path = temporaryTracePath()
    var options = Recorder.Options()
    options.memoryLimit = 0  // the queue's floor: 1,024 events
    if let whenFull { options.whenFull = whenFull }
    let recorder = try Recorder(path: path, options: options)
    let store = Store(initialState: AppFeature.State()) { AppFeature().record(to: recorder) }
    for _ in 0..<count { store.send(.counter(.view(.incrementButtonTapped))) }
    await recorder.finish()
    #expect(store.counter.count == count)
    return try TraceReader(path: path)
  }

  @Test func byDefaultAStormPastTheMemoryLimitLosesNothing() async throws {
    let sent = 100_000
    let trace = try await self.storm(sent, whenFull: nil)
    #expect(trace.header.options.whenFull == .wait)
    #expect(try trace.notCaptured().isEmpty)
    let (count, first, last) = try trace.actionSummary()
    #expect(count == sent)
    #expect(first == 1)
    #expect(last == Int64(sent))
    #expect(
      try trace.state(at: Int64(sent))[field: "counter"]?[field: "count"] == .int(Int64(sent)))
    #expect(trace.header.finishedCleanly)
  }

  @Test func dropAndCountCountsWhatItDidNotCapture() async throws {
    let sent = 100_000
    let trace = try await self.storm(sent, whenFull: .dropAndCount)
    #expect(trace.header.options.whenFull == .dropAndCount)
    let recorded = try trace.actionSummary().count
    let lost = try trace.notCaptured()[.overMemoryLimit] ?? 0
    #expect(lost > 0)
    #expect(Int64(recorded) + lost == Int64(sent))
  }
}
