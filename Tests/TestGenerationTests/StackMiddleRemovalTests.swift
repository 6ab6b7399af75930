import ComposableRuntime
import Foundation
import Recorder
import TestGeneration
import TestGenerationFixtures
import TestSupport
import Testing

/// Where the committed generated test of the page stack session lives.
let committedPageStackTest = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("GeneratedTests/RecordedPageStackSession.swift")

@MainActor
@Suite(.serialized) struct StackMiddleRemovalTests {
  /// Closing the middle one of three pages is written as that page set to `nil`: `pop(from:)`
  /// would also pop the page above it, and the generated assertion would fail. The committed
  /// test (compiled and run by GeneratedTests) is what generating it writes. Re-record with
  /// TCA_REPLAY_RECORD_EXPECTED=1.
  @Test func aPageClosedInTheMiddleIsRemovedAlone() async throws {
    let path = temporaryTracePath("pages")
    let recorder = try Recorder(path: path)
    let store = Store(initialState: PageStack.State()) { PageStack().record(to: recorder) }
    store.send(.opened("Home"))
    store.send(.opened("Search"))
    store.send(.opened("Results"))
    store.send(.closed(1))
    #expect(store.pages.map(\.title) == ["Home", "Results"])
    await recorder.finish()

    let test = try await TestGenerator(path: path).generate(
      PageStack(), testName: "recordedPageStackSession", module: "TestGenerationFixtures")
    if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
      try test.source.write(to: committedPageStackTest, atomically: true, encoding: .utf8)
    }
    #expect(
      test.source.contains(
        """
          await store.send(.closed(1)) {
            $0.pages[id: 1] = nil
          }
        """))
    #expect(!test.source.contains("pop("))
    #expect(test.source == (try String(contentsOf: committedPageStackTest, encoding: .utf8)))
  }
}
