import ComposableRuntime
import Recorder

/// A meeting that ends itself, as SyncUps' `RecordMeeting` does: a timer ticks while it runs,
/// and ending it dismisses the feature while the timer's effect is still running.
@Reducer
public struct Standup {
  @ObservableState
  public struct State: Equatable {
    public var secondsElapsed = 0
    public init() {}
  }

  public enum Action: Equatable {
    case onTask
    case timerTick
    case endTapped
  }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.dismiss) var dismiss

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onTask:
        return .run { [clock] send in
          for await _ in clock.timer(interval: .seconds(1)) {
            await send(.timerTick)
          }
        }
      case .timerTick:
        state.secondsElapsed += 1
        return .none
      case .endTapped:
        return .run { [dismiss] _ in await dismiss() }
      }
    }
  }
}

/// The standup's session as its own test drives it: the meeting starts, a second passes, and it
/// is ended, which dismisses it with the timer still running.
public enum StandupSession {
  /// Records the session of ``Standup`` under a `TestStore` into a new trace at `path`; returns
  /// whether the store was dismissed.
  @MainActor
  public static func record(to path: String) async throws -> Bool {
    let clock = TestClock()
    let recorder = try Recorder(path: path)
    let store = TestStore(initialState: Standup.State()) {
      Standup().record(to: recorder)
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.onTask)
    await clock.advance(by: .seconds(1))
    await store.receive(\.timerTick) {
      $0.secondsElapsed = 1
    }
    await store.send(.endTapped)
    await recorder.finish()
    return store.isDismissed
  }
}
