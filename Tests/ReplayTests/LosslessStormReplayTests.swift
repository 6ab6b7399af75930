import ComposableRuntime
import DemoApp
import Foundation
import Recorder
import Replay
import TestSupport
import Testing
import Trace

/// A storm that outruns the recorder far past its memory limit, recorded with the default
/// `.wait`, is whole: it replays identically, action for action.
@MainActor
@Suite struct LosslessStormReplayTests {
  @Test func aStormPastTheMemoryLimitReplaysIdentically() async throws {
    let path = temporaryPath()
    var options = Recorder.Options()
    options.memoryLimit = 0  // the queue's floor: 1,024 events
    let recorder = try Recorder(path: path, options: options)
    let store = Store(initialState: AppFeature.State()) { AppFeature().record(to: recorder) }
    let sent = 20_000
    for index in 0..<sent {
      store.send(
        index.isMultiple(of: 3)
          ? .counter(.view(.decrementButtonTapped)) : .counter(.view(.incrementButtonTapped)))
    }
    await recorder.finish()
    #expect(try TraceReader(path: path).notCaptured().isEmpty)
    let result = try await Replay(path: path).run(AppFeature())
    #expect(result.divergence == nil)
    #expect(result.replayedActions == sent)
  }
}
