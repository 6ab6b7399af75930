import ComposableRuntime
import Foundation
import Recorder

/// The map download's session as an app lives it, on a real `ContinuousClock`: the screen
/// appears, a screenshot is taken, the map downloads in two events with a short real pause
/// between, and the screen goes away.
public enum MapDownloadSession {
  /// The dependencies a test of the session gives, as Swift statements: the two streams the test
  /// drives, and the client reading them.
  public static let dependencies = """
    let download = AsyncThrowingStream.makeStream(of: MapDownload.Event.self)
    let (screenshots, takeScreenshot) = AsyncStream.makeStream(of: Void.self)
    $0[MapDownloadClient.self] = MapDownloadClient(
      download: { download.stream },
      screenshots: { screenshots }
    )
    """

  /// Records the session of ``MapDownload`` in a live `Store` into a new trace at `path`.
  @MainActor
  public static func record(to path: String) async throws {
    let recorder = try Recorder(path: path)
    let download = AsyncThrowingStream.makeStream(of: MapDownload.Event.self)
    let (screenshots, takeScreenshot) = AsyncStream.makeStream(of: Void.self)
    let store = Store(initialState: MapDownload.State()) {
      MapDownload().record(to: recorder)
    } withDependencies: {
      $0.continuousClock = ContinuousClock()
      $0[MapDownloadClient.self] = MapDownloadClient(
        download: { download.stream }, screenshots: { screenshots })
    }
    let screen = store.send(.task)
    takeScreenshot.yield()
    try await Self.wait { store.screenshots == 1 }
    store.send(.downloadTapped)
    download.continuation.yield(.progress(0.5))
    try await Self.wait { store.mode == .downloading(progress: 0.5) }
    try await Task.sleep(for: .milliseconds(5))
    download.continuation.yield(.finished(Data([1, 2, 3])))
    download.continuation.finish()
    try await Self.wait { store.mode == .downloaded(Data([1, 2, 3])) }
    screen.cancel()
    await screen.finish()
    await recorder.finish()
  }

  /// The download failing after some progress, recorded in a live `Store` into a new trace at
  /// `path`: the stream throws, and the effect sends the error back.
  @MainActor
  public static func recordFailure(to path: String) async throws {
    let recorder = try Recorder(path: path)
    let download = AsyncThrowingStream.makeStream(of: MapDownload.Event.self)
    let store = Store(initialState: MapDownload.State()) {
      MapDownload().record(to: recorder)
    } withDependencies: {
      $0.continuousClock = ContinuousClock()
      $0[MapDownloadClient.self] = MapDownloadClient(
        download: { download.stream }, screenshots: { AsyncStream { _ in } })
    }
    let tapped = store.send(.downloadTapped)
    download.continuation.yield(.progress(0.25))
    try await Self.wait { store.mode == .downloading(progress: 0.25) }
    download.continuation.finish(throwing: DiskFull())
    await tapped.finish()
    await recorder.finish()
  }

  /// What the failing download throws.
  struct DiskFull: Error {}

  /// Waits, in short real sleeps, until `condition` holds; throws after two seconds.
  @MainActor
  private static func wait(until condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(2)
    while !condition() {
      guard ContinuousClock.now < deadline else {
        struct Timeout: Error {}
        throw Timeout()
      }
      try await Task.sleep(for: .milliseconds(1))
    }
  }
}
