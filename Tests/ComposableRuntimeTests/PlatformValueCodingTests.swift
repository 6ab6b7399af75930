import ComposableRuntime
import ConcurrencyExtras
import Foundation
import Testing

/// SwiftUI's `EditMode` as a feature sees it: an enum of another module, not `Codable`.
enum ListEditMode: Hashable, Sendable {
  case inactive
  case transient
  case active
}

/// A model type a parent and child share, not `Codable`, as SyncUps' `SyncUp` is not here.
struct Agenda: Equatable, Sendable {
  var title: String
  var minutes: Int
}

final class Socket: Hashable, @unchecked Sendable {
  static func == (lhs: Socket, rhs: Socket) -> Bool { lhs === rhs }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// What TCA's examples put in state and actions that a trace must still code: a binding of a
/// value that is not `Codable` (Todos' `editMode`), a `Shared` value handed over in an action
/// (SyncUps' `startMeeting`), and an id erased to `AnyHashableSendable` (the offline-download
/// component's).
@Suite struct PlatformValueCodingTests {
  @Reducer
  struct Board {
    @ObservableState
    struct State: Equatable {
      var editMode = ListEditMode.inactive
      var id = AnyHashableSendable("board")
    }
    enum Action: BindableAction, Equatable {
      case binding(BindingAction<State>)
      case start(Shared<Agenda>)
    }
    var body: some ReducerOf<Self> {
      BindingReducer()
    }
  }

  @Test func aBindingOfAValueThatIsNotCodableRoundTrips() throws {
    let action = Board.Action.binding(.set(\.editMode, .active))
    #expect(try json(action) == #"{"binding":{"_0":{"editMode":"active"}}}"#)
    let decoded = try roundTrip(action)
    #expect(decoded == action)
    var state = Board.State()
    _ = Board().reduce(into: &state, action: decoded)
    #expect(state.editMode == .active)
  }

  @Test func aSharedValueInAnActionCodesAsItsValue() throws {
    let shared = Shared(value: Agenda(title: "Standup", minutes: 5))
    let action = Board.Action.start(shared)
    #expect(try json(action) == #"{"start":{"_0":{"minutes":5,"title":"Standup"}}}"#)
    let decoded = try roundTrip(action)
    guard case .start(let agenda) = decoded else {
      Issue.record("decoded another case")
      return
    }
    #expect(agenda.wrappedValue == Agenda(title: "Standup", minutes: 5))
    // NB: A new reference to the value: what the replay changes is not the original's.
    agenda.withLock { $0.minutes = 10 }
    #expect(shared.wrappedValue.minutes == 5)
  }

  @Test func anErasedIdCodesAsItsTypeAndValue() throws {
    for id in [
      AnyHashableSendable("board"), AnyHashableSendable(42),
      AnyHashableSendable(URL(string: "https://example.com/a.mp3")!),
      AnyHashableSendable(ListEditMode.transient),
    ] {
      var state = Board.State()
      state.id = id
      let decoded = try roundTrip(state)
      #expect(decoded.id == id)
    }
    var state = Board.State()
    state.id = AnyHashableSendable(7)
    let id = try #require(
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(state)) as? [String: Any])["id"]
    #expect((id as? [String: Any])?["value"] as? Int == 7)
    #expect((id as? [String: Any])?["type"] as? String == _mangledTypeName(Int.self))
  }

  @Test func anErasedIdOfAClassIsNamed() throws {
    var state = Board.State()
    state.id = AnyHashableSendable(Socket())
    #expect(
      throws: UncodableValueError(
        path: "ComposableRuntimeTests.PlatformValueCodingTests.Board.State.id",
        typeName: "AnyHashableSendable")
    ) {
      try JSONEncoder().encode(state)
    }
  }

  @Test func anErasedIdOfAnUnknownTypeIsADecodingError() throws {
    let json = #"{"editMode":"inactive","id":{"type":"NotAType","value":1}}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Board.State.self, from: Data(json.utf8))
    }
  }
}
