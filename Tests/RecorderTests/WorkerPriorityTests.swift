import ComposableRuntime
import DemoApp
import Foundation
import TestSupport
import Testing

@testable import Recorder

/// The recorder's worker runs below the app's threads: at equal priority its two threads would
/// take a third of a core the store's thread shares with them, and at a lower one they still
/// preempt it when they wake.
@MainActor
@Suite struct WorkerPriorityTests {
  /// The scheduling policy of each of this process's threads.
  func policies() throws -> [Int] {
    try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").compactMap { task in
      let stat = try String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8)
      // `pid (comm) state …`: the name may hold spaces, so the fields count from its `)`; the
      // policy is the 41st field, the 39th after the name.
      guard let end = stat.lastIndex(of: ")") else { return nil }
      let fields = stat[stat.index(after: end)...].split(separator: " ")
      return fields.count > 38 ? Int(fields[38]) : nil
    }
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/task")))
  func theWorkersThreadsRunOnlyWhenACoreIsFree() async throws {
    let idle = Int(RecordingSession.backgroundPolicy)
    let before = try policies().count { $0 == idle }
    let recorder = try Recorder(path: temporaryTracePath())
    let store = Store(initialState: AppFeature.State()) { AppFeature().record(to: recorder) }
    store.send(.counter(.view(.incrementButtonTapped)))
    await recorder.flush()
    #expect(try policies().count { $0 == idle } >= before + 2)
    // `SCHED_IDLE` in the kernel's numbering.
    #expect(idle == 5)
    await recorder.finish()
  }
}
