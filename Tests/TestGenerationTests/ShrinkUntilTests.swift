import ComposableRuntime
import Foundation
import Recorder
import TestGeneration
import TestGenerationFixtures
import TestSupport
import Testing

@MainActor
@Suite(.serialized) struct ShrinkUntilTests {
  /// `test --shrink-to … --until 5` shrinks the inputs up to #5 with #5 among them: the code's
  /// last key, pressed at #5, is kept and sent by the test.
  @Test func theActionUntilNamesIsAmongTheInputsShrunk() async throws {
    let path = temporaryTracePath("lock")
    let recorder = try Recorder(path: path)
    let store = Store(initialState: CodeLock.State()) { CodeLock().record(to: recorder) }
    for key in [7, 1, 42, 3, 99, 5, 6] { store.send(.keyPressed(key)) }
    await recorder.finish()

    let small = try await TestGenerator(path: path).shrink(
      CodeLock(), to: "progress == 3", module: "TestGenerationFixtures",
      options: TestGenerator.Options(until: 5))
    #expect(small.recordedInputs == 5)
    #expect(small.keptInputs == [1, 3, 5])
    #expect(small.test.source.contains("await store.send(.keyPressed(99))"))
    #expect(small.test.summary.sends == 3)
  }
}
