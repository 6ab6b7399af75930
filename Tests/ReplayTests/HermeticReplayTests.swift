import ComposableRuntime
import DemoApp
import Foundation
import Recorder
import Replay
import TestSupport
import Testing
import Trace

@MainActor
@Suite struct HermeticReplayTests {
  @Test func demoSessionReplaysIdentically() async throws {
    let path = temporaryPath()
    try await recordDemoSession(at: path)
    let result = try await Replay(path: path).run(AppFeature())
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
    #expect(result.replayedActions == (try TraceReader(path: path).actionSummary().count))
  }

  @Test func sessionReadingUUIDDateAndRandomNumbersReplaysIdentically() async throws {
    let path = temporaryPath()
    try await recordProbeSession(at: path)
    let result = try await Replay(path: path).run(Probe())
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
    // 11 sent, 2 ticks and 1 answer sent back by effects.
    #expect(result.replayedActions == 14)
  }

  @Test func changedStateDivergesAtTheFirstChangedAction() async throws {
    let path = temporaryPath()
    try await recordProbeSession(at: path)
    let result = try await Replay(path: path).run(Probe(variant: .countsTwiceFromTwo))
    let divergence = try #require(result.divergence)
    #expect(divergence.kind == .state)
    #expect(divergence.seq == (try seq(of: "increment", occurrence: 3, in: path)))
    #expect(divergence.actionName == "increment")
    #expect(divergence.description.contains("replace count 2 → 3"))  // recorded change
    #expect(divergence.description.contains("replace count 2 → 4"))  // actual change
    #expect(divergence.description.contains("count: 3 → 4"))  // recorded → actual
    #expect(divergence.description.contains("the 5 actions before it:"))
  }

  @Test func changedEffectsDivergeAtTheActionThatNoLongerCancels() async throws {
    let path = temporaryPath()
    try await recordProbeSession(at: path)
    let result = try await Replay(path: path).run(Probe(variant: .forgetsToCancel))
    let divergence = try #require(result.divergence)
    #expect(divergence.kind == .effects, "\(divergence.description)")
    #expect(divergence.actionName == "stopTimer")
    #expect(divergence.seq == (try seq(of: "stopTimer", in: path)))
    #expect(divergence.description.contains("did not cancel effect #1"))
  }

  @Test func anExtraDependencyReadDivergesWhereItHappens() async throws {
    let path = temporaryPath()
    try await recordProbeSession(at: path)
    let result = try await Replay(path: path).run(Probe(variant: .readsAUUIDWhenCounting))
    let divergence = try #require(result.divergence)
    #expect(divergence.kind == .dependencies)
    let second = try seq(of: "increment", occurrence: 2, in: path)
    #expect(divergence.seq == second)
    #expect(divergence.description.contains("the reducer of #\(second) read a UUID"))
  }

  @Test func startsAtAKeyframe() async throws {
    let path = temporaryPath()
    var options = Recorder.Options()
    options.keyframeInterval = 4
    try await recordProbeSession(at: path, options: options)
    let result = try await Replay(path: path).run(Probe(), from: 8)
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
    #expect(result.replayedActions == 6)
    await #expect(throws: ReplayError.self) { try await Replay(path: path).run(Probe(), from: 7) }
  }

  @Test func deniedActionsAreFedButNotCompared() async throws {
    let path = temporaryPath()
    var options = Recorder.Options()
    options.deniedActions = ["tick"]
    try await recordProbeSession(at: path, options: options)
    let trace = try TraceReader(path: path)
    #expect(try trace.actionSummary().count == 12)
    let result = try await Replay(path: path).run(Probe())
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
    #expect(result.replayedActions == 14)
  }
}

@MainActor
@Suite struct RecordedSampleReplayTests {
  /// The sample trace of the current schema in `Recordings/`, made by the demo executable, replays
  /// against today's demo app: regenerate it (`Tools/Recordings/regenerate.sh`) when the demo
  /// changes on purpose.
  @Test func sampleTraceReplaysIdentically() async throws {
    let sample = ToolRun.sampleTrace(version: TraceSchema.version)
    let path = temporaryPath("sample.sqlite")
    try FileManager.default.copyItem(at: sample, to: URL(fileURLWithPath: path))
    let result = try await Replay(path: path).run(AppFeature())
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
    #expect(result.replayedActions > 40)
  }
}
