import ComposableRuntime
import Foundation
import Recorder
import Replay
import TestSupport
import Testing
import Trace

/// A label that copies a shared unit into a field of its own. Its state decodes as most apps'
/// do: the shared value decoded is set into the shared storage.
@Reducer
struct UnitLabel {
  @ObservableState
  struct State: Codable, Equatable, Sendable {
    @Shared(.inMemory("editedReplaySharedValueUnit")) var unit = "celsius"
    var label = ""

    init() {}

    enum CodingKeys: String, CodingKey { case unit, label }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      self.label = try container.decode(String.self, forKey: .label)
      let unit = try container.decode(String.self, forKey: .unit)
      self.$unit.withLock { $0 = unit }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(self.unit, forKey: .unit)
      try container.encode(self.label, forKey: .label)
    }
  }

  enum Action: Codable, Equatable, Sendable {
    case unitPicked(String)
    case labelUpdated
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .unitPicked(unit):
        state.$unit.withLock { $0 = unit }
      case .labelUpdated:
        state.label = "°" + state.unit.prefix(1).uppercased()
      }
      return .none
    }
  }
}

@MainActor
@Suite struct EditedReplaySharedValueTests {
  /// The first action sets the shared unit and the second reads it. An edited replay (here with
  /// no edits) compares the first action with the store's initial state; decoding the recorded
  /// one again would set the unit back to Celsius, and the label would differ.
  @Test func aSharedValueTheFirstActionSetIsReadByTheNext() async throws {
    let path = temporaryPath()
    let recorder = try Recorder(path: path)
    let store = Store(initialState: UnitLabel.State()) { UnitLabel().record(to: recorder) }
    store.send(.unitPicked("fahrenheit"))
    store.send(.labelUpdated)
    #expect(store.label == "°F")
    await recorder.finish()

    let replay = try Replay(path: path)
    #expect(try await replay.run(UnitLabel()).divergence == nil)
    let edited = try await replay.run(UnitLabel(), edits: [])
    #expect(edited.divergence == nil, "\(edited.divergence?.description ?? "")")
    #expect(edited.state?.value(at: try TracePath(parsing: "label")) == .string("°F"))
  }
}
