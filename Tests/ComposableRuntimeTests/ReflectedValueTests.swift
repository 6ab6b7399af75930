import ComposableRuntime
import Foundation
import Testing

// Model types declared outside the feature, neither `Codable`, as TicTacToe's `Three` and
// `Player` are.
struct Three<Element> {
  var first: Element
  var second: Element
  var third: Element
}

extension Three: Equatable where Element: Equatable {}

enum Mark: Equatable {
  case o
  case x
}

final class Session {}

struct Connection {
  var host = "localhost"
  var session = Session()
}

enum Loading {
  case idle
  case loaded(Session)
}

/// A feature's state may hold model types that are not `Codable`: structs code as their stored
/// fields, plain enums as their case's name, and what cannot be coded (a class, even in an enum's
/// case) is still named.
@Suite struct ReflectedValueTests {
  @Reducer
  struct Game {
    @ObservableState
    struct State: Equatable {
      var board = Three(
        first: Three<Mark?>(first: .x, second: nil, third: .o),
        second: Three<Mark?>(first: nil, second: .x, third: nil),
        third: Three<Mark?>(first: nil, second: nil, third: nil))
      var turn = Mark.o
    }
    enum Action {
      case cellTapped(row: Int, column: Int)
      case reset(Three<Mark?>)
      case checked(Result<Three<Mark?>, any Error>)
      case history([Three<Mark?>])
    }
    var body: some ReducerOf<Self> {
      EmptyReducer()
    }
  }

  @Reducer
  struct Client {
    @ObservableState
    struct State {
      var connection = Connection()
      var loading = Loading.idle
    }
    enum Action {
      case connect
    }
    var body: some ReducerOf<Self> {
      EmptyReducer()
    }
  }

  @Test func aGenericStructAndAPlainEnumCodeAsWhatTheyHold() throws {
    var state = Game.State()
    state.board.third.first = .x
    #expect(
      try json(state)
        == #"{"board":{"first":{"first":"x","second":null,"third":"o"},"#
        + #""second":{"first":null,"second":"x","third":null},"#
        + #""third":{"first":"x","second":null,"third":null}},"turn":"o"}"#)
    let decoded = try JSONDecoder().decode(
      Game.State.self, from: try JSONEncoder().encode(state))
    #expect(decoded == state)
  }

  @Test func anActionPayloadOfAModelTypeRoundTrips() throws {
    let action = Game.Action.reset(Three(first: .o, second: nil, third: .x))
    let data = try JSONEncoder().encode(action)
    guard case .reset(let row) = try JSONDecoder().decode(Game.Action.self, from: data) else {
      Issue.record("decoded another case")
      return
    }
    #expect(row == Three(first: .o, second: nil, third: .x))
  }

  @Test func aResultAndAnArrayOfModelTypesRoundTrip() throws {
    let row = Three<Mark?>(first: .o, second: nil, third: .x)
    let checked = try JSONEncoder().encode(Game.Action.checked(.success(row)))
    guard case .checked(.success(let decoded)) = try JSONDecoder().decode(Game.Action.self, from: checked)
    else {
      Issue.record("decoded another case")
      return
    }
    #expect(decoded == row)
    #expect(
      try json(Game.Action.history([row, row]))
        == #"{"history":{"_0":[{"first":"o","second":null,"third":"x"},"#
        + #"{"first":"o","second":null,"third":"x"}]}}"#)
    let history = try JSONEncoder().encode(Game.Action.history([row]))
    guard case .history(let rows) = try JSONDecoder().decode(Game.Action.self, from: history)
    else {
      Issue.record("decoded another case")
      return
    }
    #expect(rows == [row])
  }

  @Test func anUnknownCaseIsADecodingError() throws {
    let json = #"{"board":{"first":{"first":"z","second":null,"third":"o"}},"turn":"o"}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Game.State.self, from: Data(json.utf8))
    }
  }

  @Test func aClassInsideAModelTypeIsStillNamed() throws {
    #expect(
      throws: UncodableValueError(
        path: "ComposableRuntimeTests.ReflectedValueTests.Client.State.connection",
        typeName: "Connection")
    ) {
      try JSONEncoder().encode(Client.State())
    }
    #expect(
      throws: UncodableValueError(
        path: "ComposableRuntimeTests.ReflectedValueTests.Client.State.loading",
        typeName: "Loading")
    ) {
      var withPayload = Client.State()
      withPayload.loading = .loaded(Session())
      try Self.encodeLoading(withPayload.loading)
    }
  }

  /// Encodes `loading` alone, as the field of a state would be.
  static func encodeLoading(_ loading: Loading) throws {
    struct Box: Encodable {
      let loading: Loading
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TraceCodingKey.self)
        try container.encodeTraceValue(
          self.loading, forKey: "loading", in: Client.State.self, at: "loading")
      }
    }
    _ = try JSONEncoder().encode(Box(loading: loading))
  }
}
