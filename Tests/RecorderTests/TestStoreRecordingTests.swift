import ComposableRuntime
import DemoApp
import Foundation
import TestSupport
import Testing
import Trace

@testable import Recorder

/// A test's store records as an app's does, and a recorder released without `finish()` (the test
/// store held it, and the test ended) still writes everything it was sent.
@MainActor
@Suite struct TestStoreRecordingTests {
  @Test func aTestStoreRecordsTheSessionItsTestDrives() async throws {
    let path = temporaryTracePath()
    do {
      let store = TestStore(initialState: CounterFeature.State()) {
        CounterFeature().record(to: try! Recorder(path: path))
      }
      await store.send(.view(.incrementButtonTapped)) { $0.count = 1 }
      await store.send(.view(.incrementButtonTapped)) { $0.count = 2 }
      await store.send(.view(.decrementButtonTapped)) { $0.count = 1 }
    }
    let trace = try TraceReader(path: path)
    #expect(trace.header.stateType == "DemoApp.CounterFeature.State")
    #expect(trace.header.finishedCleanly)
    let (count, first, last) = try trace.actionSummary()
    #expect(count == 3)
    #expect(first == 1)
    #expect(try trace.state(at: try #require(last))[field: "count"] == .int(1))
  }
}
