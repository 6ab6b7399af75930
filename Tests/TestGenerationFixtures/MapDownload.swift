import ComposableRuntime
import Foundation

/// A map downloaded as a stream of events, and screenshots counted as they are taken, as TCA's
/// offline-downloads and long-living-effects case studies do: both arrive on streams that a
/// test drives itself (`continuation.yield(…)`), so a recording shows them only as the actions
/// the effects sent back. Written as TCA users write features: `Result` with `any Error`, nothing
/// declared `Codable`.
@Reducer
public struct MapDownload {
  @ObservableState
  public struct State: Equatable {
    public var mode = Mode.notDownloaded
    public var screenshots = 0
    public init() {}
  }

  public enum Mode: Equatable {
    case notDownloaded
    case downloading(progress: Double)
    case downloaded(Data)
  }

  /// What the download stream tells.
  public enum Event: Equatable, Sendable {
    case progress(Double)
    case finished(Data)
  }

  public enum Action {
    case task
    case screenshotTaken
    case downloadTapped
    case download(Result<Event, any Error>)
  }

  @Dependency(MapDownloadClient.self) var client

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .task:
        return .run { [client] send in
          for await _ in client.screenshots() {
            await send(.screenshotTaken)
          }
        }
      case .screenshotTaken:
        state.screenshots += 1
        return .none
      case .downloadTapped:
        state.mode = .downloading(progress: 0)
        return .run { [client] send in
          do {
            for try await event in client.download() {
              await send(.download(.success(event)))
            }
          } catch {
            await send(.download(.failure(error)))
          }
        }
      case let .download(.success(.progress(progress))):
        state.mode = .downloading(progress: progress)
        return .none
      case let .download(.success(.finished(data))):
        state.mode = .downloaded(data)
        return .none
      case .download(.failure):
        state.mode = .notDownloaded
        return .none
      }
    }
  }
}

/// Where the map and the screenshots come from.
public struct MapDownloadClient: TestDependencyKey, Sendable {
  public var download: @Sendable () -> AsyncThrowingStream<MapDownload.Event, any Error>
  public var screenshots: @Sendable () -> AsyncStream<Void>

  public init(
    download: @escaping @Sendable () -> AsyncThrowingStream<MapDownload.Event, any Error>,
    screenshots: @escaping @Sendable () -> AsyncStream<Void>
  ) {
    self.download = download
    self.screenshots = screenshots
  }

  public static var testValue: Self {
    Self(
      download: {
        reportIssue("MapDownloadClient.download is not given")
        return AsyncThrowingStream { $0.finish() }
      },
      screenshots: {
        reportIssue("MapDownloadClient.screenshots is not given")
        return AsyncStream { $0.finish() }
      })
  }
}
