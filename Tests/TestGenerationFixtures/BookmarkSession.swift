import ComposableRuntime
import Recorder

/// The bookmark's session as its own test drives it: saved after a second on the test's clock,
/// which the closure the feature is made with captured.
public enum BookmarkSession {
  /// The feature as the session's test makes it, as Swift: what a generated test's store runs.
  public static let reducer = """
    Bookmark(
      save: { isSaved in
        try await clock.sleep(for: .seconds(1))
        return isSaved
      }
    )
    """

  /// The feature as a test makes it that sleeps in real time, as TCA's voice memos' player does.
  public static let reducerSleepingInRealTime = """
    Bookmark(
      save: { isSaved in
        try await Task.sleep(for: .milliseconds(1_200))
        return isSaved
      }
    )
    """

  /// Records the session of ``Bookmark`` made as ``reducerSleepingInRealTime`` says, under a
  /// `TestStore`, into a new trace at `path`: the save takes 1.2 s of real time.
  @MainActor
  public static func recordSleepingInRealTime(to path: String) async throws {
    let recorder = try Recorder(path: path)
    let store = TestStore(initialState: Bookmark.State()) {
      Bookmark(save: { isSaved in
        try await Task.sleep(for: .milliseconds(1_200))
        return isSaved
      })
      .record(to: recorder)
    }
    await store.send(.toggleTapped) {
      $0.isSaved = true
    }
    await store.receive(\.saved.success, timeout: .seconds(5))
    await recorder.finish()
  }

  /// Records the session of ``Bookmark`` under a `TestStore` into a new trace at `path`.
  ///
  /// - Parameter setsAppClock: whether the test sets `\.continuousClock` to its clock; TCA's
  ///   favoriting example's test does not, and the recording then has no app clock to read.
  @MainActor
  public static func record(to path: String, setsAppClock: Bool = true) async throws {
    let clock = TestClock()
    let recorder = try Recorder(path: path)
    let store = TestStore(initialState: Bookmark.State()) {
      Bookmark(save: { isSaved in
        try await clock.sleep(for: .seconds(1))
        return isSaved
      })
      .record(to: recorder)
    } withDependencies: {
      if setsAppClock { $0.continuousClock = clock }
    }
    await store.send(.toggleTapped) {
      $0.isSaved = true
    }
    await clock.advance(by: .seconds(1))
    await store.receive(\.saved.success)
    await recorder.finish()
  }
}
