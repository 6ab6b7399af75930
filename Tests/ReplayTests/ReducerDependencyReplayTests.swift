import ComposableRuntime
import Foundation
import Recorder
@testable import Replay
import TestSupport
import Testing

/// A feature whose reducer calls a dependency itself as it runs, as SyncUps' detail asks
/// `speechClient.authorizationStatus()` when a meeting starts: the recording does not hold what
/// it answered, so a hermetic replay answers from the dependencies the user gives once
/// (`TCAReplayDependencies.swift`, a registered feature's `liveDependencies`), and the values
/// the recording does hold (`uuid` here) stay the recorded ones whatever those set.
@MainActor
@Suite struct ReducerDependencyReplayTests {
  struct SpeechPermission: DependencyKey, Sendable {
    enum Status: Sendable { case notDetermined, denied, authorized }
    var status: @Sendable () -> Status

    /// A device that has not asked the user yet.
    static var liveValue: Self { Self { .notDetermined } }
    static var testValue: Self { liveValue }
  }

  @Reducer
  struct MeetingStart {
    @ObservableState
    struct State: Equatable {
      @Presents var alert: AlertState<Action.Alert>?
      var isRecording = false
      var notes: [UUID] = []
    }
    enum Action {
      case startMeetingTapped
      case noteTaken
      case alert(PresentationAction<Alert>)
      enum Alert { case continueWithoutRecording }
    }
    @Dependency(SpeechPermission.self) var permission
    @Dependency(\.uuid) var uuid

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .startMeetingTapped:
          if self.permission.status() == .denied {
            state.alert = AlertState {
              TextState("Speech recognition denied")
            } actions: {
              ButtonState(action: .continueWithoutRecording) { TextState("Continue") }
            }
          } else {
            state.isRecording = true
          }
        case .noteTaken:
          state.notes.append(self.uuid())
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

  /// Records a session in which speech recognition was denied; returns the trace's path.
  func recordDeniedSession() async throws -> String {
    let path = temporaryTracePath("meeting-start")
    let recorder = try Recorder(path: path)
    let store = Store(initialState: MeetingStart.State()) {
      MeetingStart().record(to: recorder)
    } withDependencies: {
      $0[SpeechPermission.self].status = { .denied }
      $0.uuid = .incrementing
    }
    store.send(.noteTaken)
    store.send(.startMeetingTapped)
    store.send(.alert(.presented(.continueWithoutRecording)))
    #expect(store.state.isRecording)
    await recorder.finish()
    return path
  }

  @Test func theUsersDependenciesAnswerWhatTheReducerCallsInAHermeticReplay() async throws {
    let path = try await self.recordDeniedSession()
    let denied: @Sendable (inout DependencyValues) -> Void = {
      $0[SpeechPermission.self].status = { .denied }
    }

    let answered = try await Replay(path: path).run(MeetingStart(), withDependencies: denied)
    #expect(answered.divergence == nil, "\(answered.divergence?.description ?? "")")

    // A registered feature hands its dependencies to `verify`'s hermetic replay too.
    let feature = ReplayableFeature({ MeetingStart() }, liveDependencies: denied)
    let verified = try await feature.run(Replay(path: path), .hermetic, nil)
    #expect(verified.divergence == nil, "\(verified.divergence?.description ?? "")")

    // Without them the device's answer is not the recorded one: no alert.
    let unanswered = try await Replay(path: path).run(MeetingStart())
    #expect(unanswered.divergence?.seq == 2)
    #expect(unanswered.divergence?.kind == .state)
  }

  /// Edited replays and chaos runs are hermetic too: a registered feature hands them its
  /// dependencies, and without them today's reducer already takes another branch.
  @Test func editedReplaysAndChaosRunsAnswerFromTheUsersDependencies() async throws {
    let path = try await self.recordDeniedSession()
    let denied: @Sendable (inout DependencyValues) -> Void = {
      $0[SpeechPermission.self].status = { .denied }
    }
    let replay = try Replay(path: path)

    let edited = try await replay.run(MeetingStart(), edits: [], withDependencies: denied)
    #expect(edited.divergence == nil, "\(edited.divergence?.description ?? "")")
    #expect(try await replay.run(MeetingStart(), edits: []).divergence?.seq == 2)

    let feature = ReplayableFeature({ MeetingStart() }, liveDependencies: denied)
    let explored = try await feature.explore(
      replay, ChaosRequest(runs: 5, seed: 1, schedule: nil, invariants: [], final: []))
    #expect(explored.failure == nil, "\(explored.failure?.description ?? "")")
    let unanswered = try await replay.explore(MeetingStart(), runs: 5)
    #expect(unanswered.failure?.kind == .recordedOrderDiffers)
  }

  @Test func theRecordedValuesStandWhateverTheUsersDependenciesSet() async throws {
    let path = try await self.recordDeniedSession()
    let result = try await Replay(path: path).run(MeetingStart()) {
      $0[SpeechPermission.self].status = { .denied }
      $0.uuid = .constant(UUID(uuidString: "DEADBEEF-0000-0000-0000-000000000000")!)
    }
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
  }
}
