import ComposableRuntime
import Foundation
import Recorder

/// Teams kept under a key, each edited in a detail pushed onto a stack with the element of the
/// keyed array, `Shared($teams[id: id])`, as TCA's SyncUps pushes its detail: a rename in the
/// detail reaches the list. Nothing here is `Codable`.
@Reducer
public struct Roster {
  @ObservableState
  public struct State: Equatable {
    // NB: The stack first, as SyncUps' app has it: the detail's element of `teams` is met
    // before `teams` itself when a test looks for where to assert a change to the array.
    public var path = StackState<Path.State>()
    @Shared(.inMemory("roster.teams")) public var teams: IdentifiedArrayOf<Team> = []
    public init() {}
  }

  public enum Action {
    case path(StackActionOf<Path>)
  }

  @Reducer
  public enum Path {
    case detail(TeamDetail)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { _, _ in .none }
      .forEach(\.path, action: \.path)
  }
}

extension Roster.Path.State: Equatable {}

/// One team, renamed through the `Shared` it was pushed with.
@Reducer
public struct TeamDetail {
  @ObservableState
  public struct State: Equatable {
    @Shared public var team: Team
    public var draft = ""
    public init(team: Shared<Team>) {
      self._team = team
    }
  }

  public enum Action {
    case draftChanged(String)
    case saveTapped
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .draftChanged(draft):
        state.draft = draft
        return .none
      case .saveTapped:
        let name = state.draft
        state.$team.withLock { $0.name = name }
        state.draft = ""
        return .none
      }
    }
  }
}

public struct Team: Equatable, Identifiable, Sendable {
  public let id: UUID
  public var name: String

  public init(id: UUID, name: String) {
    self.id = id
    self.name = name
  }
}

/// The roster's session as a test drives it: a team's detail pushed with the keyed array's
/// element, then renamed there.
public enum RosterSession {
  /// Records the session of ``Roster`` under a `TestStore` into a new trace at `path`.
  @MainActor
  public static func record(to path: String) async throws {
    let team = Team(id: UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!, name: "Design")
    @Shared(.inMemory("roster.teams")) var teams: IdentifiedArrayOf<Team> = [team]
    let recorder = try Recorder(path: path)
    let store = TestStore(initialState: Roster.State()) {
      Roster().record(to: recorder)
    }
    let sharedTeam = Shared($teams[id: team.id])!
    await store.send(.path(.push(id: 0, state: .detail(TeamDetail.State(team: sharedTeam))))) {
      $0.path[id: 0] = .detail(TeamDetail.State(team: sharedTeam))
    }
    await store.send(.path(.element(id: 0, action: .detail(.draftChanged("Blob's team"))))) {
      $0.path[id: 0]?.modify(\.detail) { $0.draft = "Blob's team" }
    }
    await store.send(.path(.element(id: 0, action: .detail(.saveTapped)))) {
      $0.path[id: 0]?.modify(\.detail) {
        $0.draft = ""
        $0.$team.withLock { $0.name = "Blob's team" }
      }
    }
    await recorder.finish()
  }
}
