import ComposableRuntime
import Foundation
import Recorder
import Replay
import TestSupport
import Testing

/// A generic reducer, its `State` and `Action` made of its generic argument and an enum of
/// another module whose cases carry values, none `Codable`: it records, replays identically,
/// and a changed reducer diverges at the action it changed.
@MainActor
@Suite struct GenericFeatureReplayTests {
  enum Pick: Equatable {
    case none
    case one(Int, note: String)
  }

  @Reducer
  struct Picker<Item: Equatable> {
    @ObservableState
    struct State: Equatable {
      var items: [Item] = []
      var chosen: Item?
      var picks = 0
    }
    enum Action {
      case added(Item)
      case chose(Item)
      case picked(Pick)
    }
    var countsTwice = false
    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case let .added(item): state.items.append(item)
        case let .chose(item): state.chosen = item
        case .picked(.none): break
        case .picked(.one): state.picks += self.countsTwice ? 2 : 1
        }
        return .none
      }
    }
  }

  func record(at path: String) async throws {
    let recorder = try Recorder(path: path)
    let store = Store(initialState: Picker<Pick>.State()) { Picker<Pick>().record(to: recorder) }
    store.send(.added(.none))
    store.send(.added(.one(3, note: "three")))
    store.send(.chose(.one(3, note: "three")))
    store.send(.picked(.none))
    store.send(.picked(.one(1, note: "")))
    await recorder.finish()
  }

  @Test func replaysIdentically() async throws {
    let path = temporaryPath()
    try await self.record(at: path)
    await assertReplays(path, Picker<Pick>())
  }

  @Test func aChangedReducerDivergesAtTheActionItChanged() async throws {
    let path = temporaryPath()
    try await self.record(at: path)
    await withKnownIssue {
      await assertReplays(path, Picker<Pick>(countsTwice: true))
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined() + "\(issue)"
      return text.contains("diverged at #5")
    }
  }
}
