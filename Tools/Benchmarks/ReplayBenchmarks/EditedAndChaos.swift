import BenchmarkSupport
import ComposableRuntime
import DemoApp
import Foundation
import Recorder
import Replay

/// Edited replay beside the ceiling and the plain replay: the same 100,000-action trace with one
/// action inserted at its end, so that every recorded action is still compared (an edit near the
/// start would stop the comparing at its first difference and flatter the figure).
@MainActor
enum EditedReplayBenchmark {
  static func run(path: String, actions: [AppFeature.Action]) async throws -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    let replay = try Replay(path: path)
    let result = try await replay.run(
      AppFeature(), edits: [.insert(after: Int64(actions.count), .clearFactsButtonTapped)])
    if let divergence = result.divergence {
      print(divergence.description)
      exit(1)
    }
    precondition(result.replayedActions == actions.count + 1)
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }
}

/// `chaos --runs 1000` on the demo's scripted session, through the library the command calls:
/// the exploration as the command runs it (orders already run are not run again; the demo
/// session has few effects in flight together), and 1,000 calls of `explore(schedule:)` with the
/// recorded order, each one run with its own set-up (decoding the actions, reading the recorded
/// final state): what 1,000 distinct orders would cost at most.
@MainActor
enum ChaosBenchmark {
  static func run() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tca-replay-chaos-benchmark-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("demo-session.sqlite").path
    let clock = TestClock()
    let recorder = try Recorder(path: path)
    let store = Store(initialState: AppFeature.State()) {
      AppFeature().record(to: recorder)
    } withDependencies: {
      DemoSession.dependencies(clock: clock)(&$0)
    }
    await withMainSerialExecutor {
      await DemoSession.run(store, clock: clock)
    }
    await recorder.finish()

    let exploreStart = DispatchTime.now().uptimeNanoseconds
    let chaos = try await Replay(path: path).explore(AppFeature(), runs: 1_000, seed: 1)
    let exploreSeconds = Double(DispatchTime.now().uptimeNanoseconds - exploreStart) / 1e9
    precondition(chaos.failure == nil, chaos.failure?.description ?? "")

    let replay = try Replay(path: path)
    let forcedStart = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<1_000 {
      let run = try await replay.explore(AppFeature(), schedule: "v1:")
      precondition(run.failure == nil)
    }
    let forcedSeconds = Double(DispatchTime.now().uptimeNanoseconds - forcedStart) / 1e9

    print("\nchaos --runs 1000 on the demo session (goal ≤ 10 s), \(MachineLoad.current.label)")
    print(
      "  explore, runs: 1000 (\(chaos.distinctOrders) distinct order(s))   "
        + "\(format(exploreSeconds)) s")
    print(
      "  1,000 explore(schedule:) calls, a run each \(format(forcedSeconds)) s   "
        + "(\(format(forcedSeconds)) ms a run)")
  }
}
