import ComposableRuntime
import DemoApp
import Foundation
import TestSupport
import Testing
import Trace

@_spi(Testing) @testable import Recorder

/// What the recorder does when its queue is full: `.wait` (the default) loses nothing however far
/// a storm outruns the worker; `.dropAndCount` counts what it did not capture. Each trace says
/// which policy it was recorded with.
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
    #expect(try trace.state(at: Int64(sent))[field: "counter"]?[field: "count"] == .int(Int64(sent)))
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

  /// The kill -9 reliability test, under each policy: everything committed before the kill
  /// reads back with no gaps.
  @Test(arguments: ["wait", "drop-and-count"])
  func aKilledStormKeepsEveryCommittedAction(whenFull: String) throws {
    let path = temporaryTracePath()
    let process = Process()
    process.executableURL = ToolRun.executable
    process.arguments = ["demo", "--trace", path, "--storm", "0", "--when-full", whenFull]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    #expect(line.hasPrefix("flushed 1000"))
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()

    let trace = try TraceReader(path: path)
    #expect(trace.header.finishedCleanly == false)
    #expect(trace.header.options.whenFull?.rawValue == whenFull.replacingOccurrences(
      of: "-and-c", with: "AndC"))
    let (count, first, lastSeq) = try trace.actionSummary()
    let last = try #require(lastSeq)
    #expect(first == 1)
    if whenFull == "wait" { #expect(Int64(count) == last) }
    #expect(count >= 1000)
    let info = try ToolRun(["info", path])
    let expected =
      whenFull == "wait"
      ? "when full         wait (the app waited for the recorder; nothing dropped)"
      : "when full         drop and count (events past the memory limit counted, not captured)"
    #expect(info.output.contains("\n" + expected + "\n"), "\(info.output)")
  }

  /// The disk-full reliability test under `.wait`: a write failure closes the queue, so a store
  /// waiting for room is let go rather than stuck.
  @Test func aWriteFailureReleasesAStoreWaitingForRoom() async throws {
    let path = temporaryTracePath()
    var options = Recorder.Options()
    options.memoryLimit = 0
    options.whenFull = .wait
    let recorder = try Recorder(path: path, options: options)
    let store = Store(initialState: AppFeature.State()) {
      AppFeature().record(to: recorder)
    } withDependencies: {
      $0.uuid = .incrementing
    }
    store.send(.counter(.view(.incrementButtonTapped)))
    await recorder.flush()
    try recorder._limitPageCount(growingBy: 2)
    for _ in 0..<3_000 { store.send(.todos(.view(.addTodoButtonTapped))) }
    await recorder.finish()
    #expect(recorder.endReason?.contains("database or disk is full") == true)
    #expect(store.todos.todos.count == 3_000)
  }
}
