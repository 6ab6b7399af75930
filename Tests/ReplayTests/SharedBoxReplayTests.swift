import ComposableRuntime
import Foundation
import Recorder
import Replay
import TestSupport
import Testing
import Trace

/// A stack whose detail and the recording it pushed hold one `Shared(value:)` box, as SyncUps'
/// tests start it: the recording saves a meeting through its place, and the detail sees it
/// through its own. The trace codes the second place as a link to the first, so that a replay
/// decodes one box; decoded as two, the detail would miss the meeting and the replay diverge.
@MainActor
@Suite struct SharedBoxReplayTests {
  struct Plan: Equatable, Codable {
    var meetings: [String] = []
  }

  @Reducer
  struct PlanDetail {
    @ObservableState
    struct State: Equatable {
      @Shared var plan: Plan
      var meetingsSeen = 0
    }
    enum Action {
      case appeared
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .appeared:
          state.meetingsSeen = state.plan.meetings.count
          return .none
        }
      }
    }
  }

  @Reducer
  struct Recording {
    @ObservableState
    struct State: Equatable {
      @Shared var plan: Plan
    }
    enum Action {
      case ended(String)
    }
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case let .ended(transcript):
          state.$plan.withLock { $0.meetings.append(transcript) }
          return .none
        }
      }
    }
  }

  @Reducer
  enum Path {
    case detail(PlanDetail)
    case record(Recording)
  }

  @Reducer
  struct Plans {
    @ObservableState
    struct State: Equatable {
      var path = StackState<Path.State>()
    }
    enum Action {
      case path(StackActionOf<Path>)
    }
    var body: some ReducerOf<Self> {
      Reduce { _, _ in .none }
        .forEach(\.path, action: \.path)
    }
  }

  /// The state SyncUps' `recording` test starts from: two places, one box.
  static func sharedState(oneBox: Bool = true) -> Plans.State {
    let plan = Shared(value: Plan())
    return Plans.State(
      path: StackState([
        .detail(PlanDetail.State(plan: plan)),
        .record(Recording.State(plan: oneBox ? plan : Shared(value: Plan()))),
      ]))
  }

  func record(at path: String, oneBox: Bool = true) async throws {
    let recorder = try Recorder(path: path)
    let store = Store(initialState: Self.sharedState(oneBox: oneBox)) {
      Plans().record(to: recorder)
    }
    store.send(.path(.element(id: 1, action: .record(.ended("Kick-off")))))
    store.send(.path(.popFrom(id: 1)))
    store.send(.path(.element(id: 0, action: .detail(.appeared))))
    #expect(store.state.path[id: 0]?.detail?.meetingsSeen == (oneBox ? 1 : 0))
    await recorder.finish()
  }

  @Test func eachPlaceIsCodedWithItsBoxsNumber() throws {
    let json = String(decoding: try JSONEncoder().encode(Self.sharedState()), as: UTF8.self)
    #expect(json.components(separatedBy: #""$plan":{"box":0}"#).count == 3, "\(json)")
    let apart = String(
      decoding: try JSONEncoder().encode(Self.sharedState(oneBox: false)), as: UTF8.self)
    #expect(apart.contains(#""$plan":{"box":0}"#), "\(apart)")
    #expect(apart.contains(#""$plan":{"box":1}"#), "\(apart)")
  }

  @Test func oneBoxDecodesAsOneBox() throws {
    let json = try JSONEncoder().encode(Self.sharedState())
    let decoded = try JSONDecoder().decode(Plans.State.self, from: json)
    let record = try #require(decoded.path[id: 1]?.record)
    record.$plan.withLock { $0.meetings.append("Retro") }
    #expect(decoded.path[id: 0]?.detail?.plan.meetings == ["Retro"])
  }

  @Test func twoBoxesDecodeAsTwo() throws {
    let json = try JSONEncoder().encode(Self.sharedState(oneBox: false))
    let decoded = try JSONDecoder().decode(Plans.State.self, from: json)
    let record = try #require(decoded.path[id: 1]?.record)
    record.$plan.withLock { $0.meetings.append("Retro") }
    #expect(decoded.path[id: 0]?.detail?.plan.meetings == [])
  }

  @Test func aMeetingSavedThroughOnePlaceReplaysIdentical() async throws {
    let path = temporaryPath()
    try await record(at: path)
    let result = try await Replay(path: path).run(Plans())
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
    #expect(result.replayedActions == 3)
  }

  @Test func twoBoxesStayTwo() async throws {
    let path = temporaryPath()
    try await record(at: path, oneBox: false)
    let result = try await Replay(path: path).run(Plans())
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
  }
}

extension SharedBoxReplayTests.Path.State: Equatable {}
