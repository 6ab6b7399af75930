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
