import ComposableRuntime
import Foundation
import Recorder

/// A meeting that starts recording only when speech recognition is allowed, as TCA's SyncUps
/// detail asks `speechClient.authorizationStatus()` in its reducer: the recording does not hold
/// what the reducer's own call answered, so generating a test from it needs the dependencies the
/// test gives, in Swift as well as in source.
@Reducer
public struct MeetingStart {
  @ObservableState
  public struct State: Equatable {
    @Presents public var alert: AlertState<Action.Alert>?
    public var isRecording = false
    public init() {}
  }

  public enum Action {
    case startTapped
    case alert(PresentationAction<Alert>)

    public enum Alert: Equatable {
      case continueWithoutRecording
    }
  }

  @Dependency(SpeechPermission.self) var permission

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .startTapped:
        if self.permission.status() == .denied {
          state.alert = AlertState {
            TextState("Speech recognition was denied.")
          } actions: {
            ButtonState(action: .continueWithoutRecording) { TextState("Continue") }
          }
        } else {
          state.isRecording = true
        }
      case .alert(.presented(.continueWithoutRecording)):
        state.isRecording = true
      case .alert:
        break
      }
      return .none
    }
    .ifLet(\.$alert, action: \.alert)
  }
}

/// Whether the user let the app recognise speech.
public struct SpeechPermission: TestDependencyKey, Sendable {
  public enum Status: Sendable { case notDetermined, denied, authorized }
  public var status: @Sendable () -> Status

  public init(status: @escaping @Sendable () -> Status) {
    self.status = status
  }

  /// A device that has not asked the user yet.
  public static var testValue: Self { Self { .notDetermined } }
}

/// The meeting's session as its own test drives it, speech recognition denied.
public enum MeetingStartSession {
  /// The dependencies the session's test gives, as Swift statements.
  public static let dependencies = "$0[SpeechPermission.self].status = { .denied }"

  /// The same dependencies, in Swift.
  public static let denied: @MainActor @Sendable (inout DependencyValues) -> Void = {
    $0[SpeechPermission.self].status = { .denied }
  }

  /// Records the session of ``MeetingStart`` under a `TestStore` into a new trace at `path`.
  @MainActor
  public static func record(to path: String) async throws {
    let recorder = try Recorder(path: path)
    let store = TestStore(initialState: MeetingStart.State()) {
      MeetingStart().record(to: recorder)
    } withDependencies: {
      $0[SpeechPermission.self].status = { .denied }
    }
    await store.send(.startTapped) {
      $0.alert = AlertState {
        TextState("Speech recognition was denied.")
      } actions: {
        ButtonState(action: .continueWithoutRecording) { TextState("Continue") }
      }
    }
    await store.send(.alert(.presented(.continueWithoutRecording))) {
      $0.alert = nil
      $0.isRecording = true
    }
    await recorder.finish()
  }
}
