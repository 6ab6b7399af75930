import ComposableRuntime
import DemoApp
import Foundation
import TestSupport
import Testing
import Trace

@_spi(Testing) @testable import Recorder

@MainActor
@Suite struct RecorderReliabilityTests {
  /// Under both policies (as `demo --when-full` spells them), and `info` names the policy.
  @Test(arguments: ["wait", "drop-and-count"])
  func killedRecordingKeepsEveryCommittedAction(whenFull: String) throws {
    let path = temporaryTracePath()
    let process = Process()
    process.executableURL = ToolRun.executable
    process.arguments = ["demo", "--trace", path, "--storm", "0", "--when-full", whenFull]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    // The storm prints one line once its first 1,000 actions are committed; it then records
    // until it is killed.
    let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    #expect(line.hasPrefix("flushed 1000"))
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)

    let trace = try TraceReader(path: path)
    #expect(trace.header.finishedCleanly == false)
    #expect(trace.header.endReason == nil)
    let (count, first, lastSeq) = try trace.actionSummary()
    let last = try #require(lastSeq)
    #expect(first == 1)
    #expect(Int64(count) == last)  // no gaps: every action up to the last committed batch
    #expect(count >= 1000)
    let state = try trace.state(at: last)
    #expect(state[field: "counter"]?[field: "count"] == .int(last))
    let info = try ToolRun(["info", path])
    let expected =
      whenFull == "wait"
      ? "when full         wait (the app waited for the recorder; nothing dropped)"
      : "when full         drop and count (events past the memory limit counted, not captured)"
    #expect(info.output.contains("\n" + expected + "\n"), "\(info.output)")
  }

  /// Under both policies; with the smallest queue, a store sending 3,000 actions waits for room
  /// under `.wait` until the failure closes the queue and lets it go.
  @Test(arguments: [Recorder.Options.WhenFull.wait, .dropAndCount])
  func writeFailureStopsRecordingAndTheAppKeepsRunning(whenFull: Recorder.Options.WhenFull)
    async throws
  {
    let path = temporaryTracePath()
    var options = Recorder.Options()
    options.memoryLimit = 0  // the queue's floor: 1,024 events
    options.whenFull = whenFull
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
    await recorder.flush()
    await recorder.finish()

    let reason = try #require(recorder.endReason)
    #expect(reason.hasPrefix("stopped:"))
    #expect(reason.contains("database or disk is full"))
    // The app kept running.
    store.send(.counter(.view(.incrementButtonTapped)))
    #expect(store.counter.count == 2)
    #expect(store.todos.todos.count == 3_000)

    let trace = try TraceReader(path: path)
    #expect(trace.header.finishedCleanly == false)
    #expect(trace.header.endReason == reason)
    #expect(try trace.action(1)?.name == "counter.view.incrementButtonTapped")
  }

  @Test func redactedValuesAndDeniedActionsAreNeverWritten() async throws {
    let path = temporaryTracePath()
    var options = Recorder.Options()
    options.keyframeInterval = 2
    options.redactedStatePaths = ["search.query"]
    options.redactedActionPaths = ["search.view.queryChanged"]
    options.deniedActions = ["counter.view.incrementButtonTapped"]
    let recorder = try Recorder(path: path, options: options)
    let store = Store(initialState: AppFeature.State()) {
      AppFeature().record(to: recorder)
    } withDependencies: {
      $0.continuousClock = TestClock()
    }
    for _ in 0..<3 { store.send(.counter(.view(.incrementButtonTapped))) }
    store.send(.counter(.view(.decrementButtonTapped)))
    store.send(.search(.view(.queryChanged("hunter2-secret"))))
    store.send(.search(.view(.queryChanged("hunter2-secret-too"))))
    await recorder.finish()

    let trace = try TraceReader(path: path)
    let actions = try trace.actions(in: 1...100)
    #expect(
      actions.map(\.name) == [
        "counter.view.decrementButtonTapped", "search.view.queryChanged",
        "search.view.queryChanged",
      ])
    let notCaptured = try trace.notCaptured()
    #expect(notCaptured[.deniedAction("counter.view.incrementButtonTapped")] == 3)
    // The search's first debounce may end (cancelled in flight) after `finish` closed the queue;
    // then it is counted as such, never as over the memory limit.
    #expect(notCaptured[.overMemoryLimit] == nil)
    #expect(
      Set(notCaptured.keys).isSubset(of: [
        .deniedAction("counter.view.incrementButtonTapped"), .afterFinish,
      ]))
    // The decrement's diff includes the denied increments' changes.
    #expect(actions[0].diff.map(\.description).contains { $0.contains("0 → 2") })
    #expect(actions[1].payload == .redacted)
    #expect(try trace.state(at: actions.last!.seq)[field: "search"]?[field: "query"] == .redacted)
    for suffix in ["", "-wal"] {
      let bytes = (try? Data(contentsOf: URL(fileURLWithPath: path + suffix))) ?? Data()
      #expect(bytes.range(of: Data("hunter2".utf8)) == nil)
    }
  }

  @Test func eventsOverTheMemoryLimitAreCountedNotLost() async throws {
    let path = temporaryTracePath()
    var options = Recorder.Options()
    options.memoryLimit = 0  // the queue's floor: 1,024 events
    options.whenFull = .dropAndCount
    let recorder = try Recorder(path: path, options: options)
    let store = Store(initialState: AppFeature.State()) { AppFeature().record(to: recorder) }
    let sent = 100_000
    for _ in 0..<sent { store.send(.counter(.view(.incrementButtonTapped))) }
    await recorder.finish()

    let trace = try TraceReader(path: path)
    let recorded = try trace.actionSummary().count
    let notCaptured = try trace.notCaptured()[.overMemoryLimit] ?? 0
    #expect(notCaptured > 0)
    #expect(Int64(recorded) + notCaptured == Int64(sent))
  }
}
