import ComposableRuntime
import DemoApp
import Foundation
import Recorder
import Replay
import TestSupport
import Testing
import Trace

/// Each trace that cannot be replayed gets one line saying why.
@MainActor
@Suite struct CannotReplayTests {
  func error(_ body: () async throws -> Void) async -> String? {
    do {
      try await body()
      return nil
    } catch {
      return "\(error)"
    }
  }

  @Test func aVersion1Trace() async throws {
    // Opened from a copy: reading leaves WAL files beside a trace.
    let path = temporaryPath("demo-v1.sqlite")
    try FileManager.default.copyItem(
      at: ToolRun.sampleTrace(version: 1),
      to: URL(fileURLWithPath: path))
    let message = try #require(await self.error { _ = try Replay(path: path) })
    #expect(
      message
        == "\(path): not replayable: a schema v1 trace holds no action encodings (recorded "
        + "before replay; record it again)")
  }

  @Test func aFeatureThatIsNotCodable() async throws {
    let path = temporaryPath()
    let recorder = try Recorder(path: path)
    let store = Store(initialState: Uncodable.State()) { Uncodable().record(to: recorder) }
    store.send(.changed(NSObject()))
    await recorder.finish()
    let message = try #require(await self.error { _ = try Replay(path: path) })
    #expect(
      message
        == "\(path): not replayable: ReplayTests.Uncodable.Action.changed(_:) holds NSObject, "
        + "which is not Codable")
  }

  @Test func aRecordingThatLostEventsPastTheMemoryLimit() async throws {
    let path = temporaryPath()
    var options = Recorder.Options()
    options.memoryLimit = 0  // the queue's floor: 1,024 events
    options.whenFull = .dropAndCount
    let recorder = try Recorder(path: path, options: options)
    let store = Store(initialState: AppFeature.State()) { AppFeature().record(to: recorder) }
    // NB: Sent without a suspension, faster than the worker takes (at most 1,024 events every
    // 50 ms), as in the recorder's own test of the limit.
    for _ in 0..<100_000 { store.send(.counter(.view(.incrementButtonTapped))) }
    await recorder.finish()
    let lost = try #require(try TraceReader(path: path).notCaptured()[.overMemoryLimit])
    let message = try #require(await self.error { _ = try Replay(path: path) })
    #expect(
      message
        == "\(path): not replayable: \(lost) events past the recorder's memory limit were not "
        + "captured")
  }

  @Test func aTraceOfAnotherFeature() async throws {
    let path = temporaryPath()
    try await recordProbeSession(at: path)
    let message = try #require(
      await self.error { _ = try await Replay(path: path).run(AppFeature()) })
    #expect(
      message
        == "\(path): records ReplayTests.Probe.State, not DemoApp.AppFeature.State; replay it "
        + "with the feature it was recorded from")
  }

  @Test func aTruncatedTrace() async throws {
    let path = temporaryPath()
    try await recordProbeSession(at: path)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let truncated = temporaryPath("truncated.sqlite")
    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: truncated))
    let message = await self.error {
      _ = try await Replay(path: truncated).run(Probe())
    }
    let line = try #require(message)
    #expect(!line.contains("\n"))
    #expect(line.contains(truncated))
  }

  @Test func aTraceKilledMidRecordingReplaysUpToItsLastCommittedAction() async throws {
    let path = temporaryPath()
    let process = Process()
    process.executableURL = ToolRun.executable
    process.arguments = ["demo", "--trace", path, "--storm", "0"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    _ = output.fileHandleForReading.availableData  // "flushed 1000": a first batch is on disk
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()

    let trace = try TraceReader(path: path)
    #expect(trace.header.finishedCleanly == false)
    let count = try trace.actionSummary().count
    let result = try await Replay(path: path).run(AppFeature())
    #expect(result.divergence == nil)
    #expect(result.replayedActions == count)
  }
}
