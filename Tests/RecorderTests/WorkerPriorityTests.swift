import ComposableRuntime
import DemoApp
import Foundation
import TestSupport
import Testing

@testable import Recorder
@testable import RecorderCore

/// The recorder's worker runs below the app's threads: at equal priority its two threads would
/// take a third of a core the store's thread shares with them, and at a lower one they still
/// preempt it when they wake.
@MainActor
@Suite struct WorkerPriorityTests {
  /// The scheduling policy of each of this process's threads, by thread id.
  func policies() throws -> [String: Int] {
    var policies: [String: Int] = [:]
    for task in try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") {
      guard
        let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
        let end = stat.lastIndex(of: ")")
      else { continue }
      // `pid (comm) state …`: the name may hold spaces, so the fields count from its `)`; the
      // policy is the 41st field, the 39th after the name.
      let fields = stat[stat.index(after: end)...].split(separator: " ")
      if fields.count > 38, let policy = Int(fields[38]) { policies[task] = policy }
    }
    return policies
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/task")))
  func theWorkersThreadsRunOnlyWhenACoreIsFree() async throws {
    let idle = Int(RecordingSession.backgroundPolicy)
    // NB: Threads, not counts: an earlier test's recorder may still be ending.
    let before = Set(try policies().keys)
    let recorder = try Recorder(path: temporaryTracePath())
    let store = Store(initialState: AppFeature.State()) { AppFeature().record(to: recorder) }
    store.send(.counter(.view(.incrementButtonTapped)))
    await recorder.flush()
    let started = try policies().filter { !before.contains($0.key) }
    #expect(started.values.count { $0 == idle } >= 2)
    // `SCHED_IDLE` in the kernel's numbering.
    #expect(idle == 5)
    await recorder.finish()
  }
}
