import ComposableRuntime
import Foundation
import Recorder
import Replay
import TestSupport
import Testing
import Trace

/// A stack that pushes a detail holding one element of a keyed array, `Shared($teams[id: id])`,
/// as SyncUps pushes its detail: an edit made in the detail reaches the list's array. The trace
/// keeps where the element came from, so that a replay derives it from the key again; decoded as
/// a copy of its own, the edit would miss the list and the replay diverge.
@MainActor
@Suite struct SharedElementReplayTests {
  struct Team: Equatable, Identifiable {
    let id: UUID
    var name: String
  }

  @Reducer
  struct TeamDetail {
    @ObservableState
    struct State: Equatable {
      @Shared var team: Team
    }
    enum Action {
      case renamed(String)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case let .renamed(name):
          state.$team.withLock { $0.name = name }
          return .none
        }
      }
    }
  }

  @Reducer
  enum Path {
    case detail(TeamDetail)
  }

  @Reducer
  struct Teams {
    @ObservableState
    struct State: Equatable {
      @Shared(.inMemory("teams")) var teams: IdentifiedArrayOf<Team> = []
      var path = StackState<Path.State>()
    }
    enum Action {
      case addTeamTapped
      case open(Shared<Team>)
      case path(StackActionOf<Path>)
    }
    @Dependency(\.uuid) var uuid
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .addTeamTapped:
          let team = Team(id: self.uuid(), name: "New team")
          state.$teams.withLock { _ = $0.append(team) }
          return .none
        case let .open(team):
          state.path.append(.detail(TeamDetail.State(team: team)))
          return .none
        case .path:
          return .none
        }
      }
      .forEach(\.path, action: \.path)
    }
  }

  /// Adds a team, pushes its detail with the element of the keyed array (or a copy of it, with
  /// `derived` false) and renames it there; with `handedOver`, the element comes in an action of
  /// the list's own (`.open(Shared<Team>)`) rather than in the pushed state.
  func record(at path: String, derived: Bool = true, handedOver: Bool = false) async throws {
    let recorder = try Recorder(path: path)
    let store = Store(initialState: Teams.State()) {
      Teams().record(to: recorder)
    } withDependencies: {
      $0.uuid = .incrementing
    }
    store.send(.addTeamTapped)
    let id = try #require(store.state.teams.first?.id)
    let team =
      derived
      ? try #require(Shared(store.state.$teams[id: id]))
      : Shared(value: store.state.teams[id: id]!)
    if handedOver {
      store.send(.open(team))
    } else {
      store.send(.path(.push(id: 0, state: .detail(TeamDetail.State(team: team)))))
    }
    store.send(.path(.element(id: 0, action: .detail(.renamed("Blob's team")))))
    #expect(store.state.teams.map(\.name) == [derived ? "Blob's team" : "New team"])
    await recorder.finish()
  }

  func pushEncoding(at path: String) throws -> String {
    let push = try #require(try TraceReader(path: path).replayInputs().first { $0.seq == 2 })
    return String(decoding: try #require(push.encoding), as: UTF8.self)
  }

  @Test func thePushKeepsTheKeyAndIdTheElementCameFrom() async throws {
    let path = temporaryPath()
    try await record(at: path)
    let encoding = try pushEncoding(at: path)
    #expect(
      encoding.contains(
        #""$team":{"id":"00000000-0000-0000-0000-000000000000","key":".inMemory(\"teams\")"}"#),
      "\(encoding)")
  }

  @Test func anEditThroughThePushedElementReplaysIdentical() async throws {
    let path = temporaryPath()
    try await record(at: path)
    let result = try await Replay(path: path).run(Teams())
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
    #expect(result.replayedActions == 3)
  }

  @Test func aCopyPushedInItsOwnBoxStaysACopy() async throws {
    let path = temporaryPath()
    try await record(at: path, derived: false)
    let encoding = try pushEncoding(at: path)
    #expect(encoding.contains(#""$team":{"box":0}"#), "\(encoding)")
    let result = try await Replay(path: path).run(Teams())
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
  }

  @Test func anElementHandedOverInAnActionReplaysIdentical() async throws {
    let path = temporaryPath()
    try await record(at: path, handedOver: true)
    let encoding = try pushEncoding(at: path)
    #expect(
      encoding.contains(
        #"{"open":{"_0":{"$shared":{"id":"00000000-0000-0000-0000-000000000000","#
          + #""key":".inMemory(\"teams\")"},"value":"#),
      "\(encoding)")
    let result = try await Replay(path: path).run(Teams())
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
  }

  /// Decoded where no `Shared` of the key is alive, the element is a value of its own.
  @Test func anElementDecodedWithoutItsKeyIsAValueOfItsOwn() throws {
    @Shared(.inMemory("teams")) var teams: IdentifiedArrayOf<Team> = [
      Team(id: UUID(0), name: "A")
    ]
    let state = TeamDetail.State(team: try #require(Shared($teams[id: UUID(0)])))
    let json = try JSONEncoder().encode(state)
    let decoded = try withDependencies {
      $0.isolateSharedStorage()
    } operation: {
      try JSONDecoder().decode(TeamDetail.State.self, from: json)
    }
    decoded.$team.withLock { $0.name = "B" }
    #expect(teams[id: UUID(0)]?.name == "A")
    #expect(decoded.team.name == "B")
  }
}

extension SharedElementReplayTests.Path.State: Equatable {}
