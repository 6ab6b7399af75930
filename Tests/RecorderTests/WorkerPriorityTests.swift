import ComposableRuntime
import DemoApp
import Foundation
import TestSupport
import Testing

@testable import Recorder

/// The recorder's worker runs below the app's threads: at equal priority its two threads would
/// take a third of a core the store's thread shares with them.
@MainActor
@Suite struct WorkerPriorityTests {
  /// The nice value of each of this process's threads.
  func niceValues() throws -> [Int] {
    try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").compactMap { task in
      let stat = try String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8)
      // `pid (comm) state …`: the name may hold spaces, so the fields count from its `)`; the
      // nice value is the 19th field, the 17th after the name.
      guard let end = stat.lastIndex(of: ")") else { return nil }
      let fields = stat[stat.index(after: end)...].split(separator: " ")
      return fields.count > 16 ? Int(fields[16]) : nil
    }
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/task")))
  func theWorkersThreadsRunBelowTheApps() async throws {
    let before = try niceValues().count { $0 == RecordingSession.backgroundNiceness }
    let recorder = try Recorder(path: temporaryTracePath())
    let store = Store(initialState: AppFeature.State()) { AppFeature().record(to: recorder) }
    store.send(.counter(.view(.incrementButtonTapped)))
    await recorder.flush()
    let during = try niceValues()
    #expect(during.count { $0 == RecordingSession.backgroundNiceness } >= before + 2)
    #expect(RecordingSession.backgroundNiceness == 10)
    await recorder.finish()
  }
}
