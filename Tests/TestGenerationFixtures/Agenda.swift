import ComposableRuntime
import Foundation
import Recorder

/// A stack whose detail and the recording it pushed hold one `Shared(value:)` box, as TCA's
/// SyncUps tests start their app: the recording saves a meeting through its place and the detail
/// sees it through its own. Neither a state nor an action here is `Codable`.
@Reducer
public struct Agenda {
  @ObservableState
  public struct State: Equatable {
    public var path = StackState<Path.State>()
    public init(path: StackState<Path.State> = StackState()) {
      self.path = path
    }
  }

  public enum Action {
    case path(StackActionOf<Path>)
  }

  @Reducer
  public enum Path {
    case detail(AgendaDetail)
    case record(AgendaRecording)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .forEach(\.path, action: \.path)
  }
}

extension Agenda.Path.State: Equatable {}

/// The plan's meetings as a list.
@Reducer
public struct AgendaDetail {
  @ObservableState
  public struct State: Equatable {
    @Shared public var plan: Plan
    public var meetingsSeen = 0
    public init(plan: Shared<Plan>) {
      self._plan = plan
    }
  }

  public enum Action {
    case appeared
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .appeared:
        state.meetingsSeen = state.plan.meetings.count
        return .none
      }
    }
  }
}

/// A meeting being recorded: it ends at its second tick and saves itself in the plan.
@Reducer
public struct AgendaRecording {
  @ObservableState
  public struct State: Equatable {
    @Shared public var plan: Plan
    public var secondsElapsed = 0
    public init(plan: Shared<Plan>) {
      self._plan = plan
    }
  }

  public enum Action {
    case tick
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .tick:
        state.secondsElapsed += 1
        if state.secondsElapsed == 2 {
          state.$plan.withLock { $0.meetings.append("Kick-off") }
        }
        return .none
      }
    }
  }
}

/// A plan of meetings; its length, a `Duration`, is not written as Swift, so a generated test
/// decodes a plan from JSON, as it decodes SyncUps' `SyncUp`.
public struct Plan: Equatable, Sendable, Codable {
  public var title: String
  public var length: Duration = .seconds(6)
  public var meetings: [String] = []

  public init(title: String, meetings: [String] = []) {
    self.title = title
    self.meetings = meetings
  }
}

/// The agenda's session as SyncUps' `recording` test drives its app: a detail and a recording
/// pushed with one box, the meeting saved, the recording popped, the detail shown again.
public enum AgendaSession {
  /// Records the session of ``Agenda`` under a `TestStore` into a new trace at `path`.
  @MainActor
  public static func record(to path: String) async throws {
    let plan = Shared(value: Plan(title: "Design review"))
    let recorder = try Recorder(path: path)
    let store = TestStore(
      initialState: Agenda.State(
        path: StackState([
          .detail(AgendaDetail.State(plan: plan)),
          .record(AgendaRecording.State(plan: plan)),
        ]))
    ) {
      Agenda().record(to: recorder)
    }
    await store.send(.path(.element(id: 1, action: .record(.tick)))) {
      $0.path[id: 1]?.modify(\.record) { $0.secondsElapsed = 1 }
    }
    await store.send(.path(.element(id: 1, action: .record(.tick)))) {
      $0.path[id: 1]?.modify(\.record) {
        $0.secondsElapsed = 2
        $0.$plan.withLock { $0.meetings = ["Kick-off"] }
      }
    }
    await store.send(.path(.popFrom(id: 1))) {
      $0.path.pop(from: 1)
    }
    await store.send(.path(.element(id: 0, action: .detail(.appeared)))) {
      $0.path[id: 0]?.modify(\.detail) { $0.meetingsSeen = 1 }
    }
    await recorder.finish()
  }
}
