import ComposableRuntime
import Foundation
import Testing

// Enums declared outside the feature whose cases carry values, none `Codable`, as TCA's
// `WebSocketClient.Action` and `WebSocketClient.Message` are.
enum SocketMessage: Equatable {
  case data([UInt8])
  case string(String)
}

enum SocketEvent: Equatable {
  case didOpen(protocol: String?)
  case didClose(code: Int, reason: String?)
  case received(SocketMessage)
  case ping
  case pair(SocketMessage, Mark)
}

enum Either<Left, Right> {
  case left(Left)
  case right(Right)
}

extension Either: Equatable where Left: Equatable, Right: Equatable {}

/// An enum some of whose cases are boxed.
indirect enum Expression: Equatable {
  case number(Int)
  case sum(Expression, Expression)
  case negated(Expression)
}

/// An alert's actions, as TCA's favoriting case study declares them: none.
enum NoAlertAction: Equatable {}

/// A class in a payload: an enum of it codes until that case is coded.
enum Handle {
  case none
  case session(Session)
}

/// An enum of another module whose cases carry values codes as Swift's synthesized coding
/// would: its case's name, with its values by label or position.
@Suite struct PayloadEnumCasesTests {
  @Reducer
  struct Socket {
    @ObservableState
    struct State: Equatable {
      var last: SocketEvent?
      var log: [SocketEvent] = []
      var choice = Either<Int, SocketMessage>.left(0)
    }
    enum Action {
      case event(SocketEvent)
      case chose(Either<Int, SocketMessage>)
      case answered(Result<SocketEvent, any Error>)
    }
    var body: some ReducerOf<Self> {
      EmptyReducer()
    }
  }

  /// A type nested two levels down, where the macros do not reach, codes by what it holds.
  @Reducer
  struct Rows {
    @ObservableState
    struct State: Equatable {
      var tapped: Action.View.Row?
    }
    enum Action {
      case view(View)
      enum View {
        case tapped(Row)
        enum Row: Equatable {
          case header
          case item(id: Int, title: String)
        }
      }
    }
    var body: some ReducerOf<Self> {
      EmptyReducer()
    }
  }

  static let events: [SocketEvent] = [
    .didOpen(protocol: "chat"), .didOpen(protocol: nil), .didClose(code: 1000, reason: "bye"),
    .didClose(code: 1001, reason: nil), .received(.string("hi")), .received(.data([1, 2, 3])),
    .ping, .pair(.string("x"), .o),
  ]

  @Test func everyCaseCodesByNameWithItsValues() throws {
    var state = Socket.State()
    state.last = .didClose(code: 1000, reason: nil)
    state.log = [.ping, .received(.string("hi")), .pair(.data([7]), .x)]
    state.choice = .right(.string("b"))
    #expect(
      try json(state)
        == #"{"choice":{"right":{"_0":{"string":{"_0":"b"}}}},"#
        + #""last":{"didClose":{"code":1000,"reason":null}},"#
        + #""log":[{"ping":{}},{"received":{"_0":{"string":{"_0":"hi"}}}},"#
        + #"{"pair":{"_0":{"data":{"_0":[7]}},"_1":"x"}}]}"#)
    #expect(try roundTrip(state) == state)
  }

  @Test func eachCaseRoundTrips() throws {
    for event in Self.events {
      var state = Socket.State()
      state.last = event
      #expect(try roundTrip(state).last == event)
    }
  }

  @Test func actionsCarryingThemRoundTrip() throws {
    guard case .event(let event) = try roundTrip(Socket.Action.event(.didOpen(protocol: "p")))
    else {
      Issue.record("decoded another case")
      return
    }
    #expect(event == .didOpen(protocol: "p"))
    guard case .chose(let choice) = try roundTrip(Socket.Action.chose(.left(3))) else {
      Issue.record("decoded another case")
      return
    }
    #expect(choice == .left(3))
    guard
      case .answered(.success(let answer)) = try roundTrip(
        Socket.Action.answered(.success(.received(.data([9])))))
    else {
      Issue.record("decoded another case")
      return
    }
    #expect(answer == .received(.data([9])))
  }

  @Test func aTypeNestedTwoLevelsDownRoundTrips() throws {
    let action = Rows.Action.view(.tapped(.item(id: 1, title: "milk")))
    #expect(try json(action) == #"{"view":{"_0":{"tapped":{"_0":{"item":{"id":1,"title":"milk"}}}}}}"#)
    guard case .view(.tapped(let row)) = try roundTrip(action) else {
      Issue.record("decoded another case")
      return
    }
    #expect(row == .item(id: 1, title: "milk"))
    let state = Rows.State(tapped: .header)
    #expect(try roundTrip(state) == state)
  }

  @Test func indirectCasesRoundTrip() throws {
    struct Box: Codable, Equatable {
      var expression: Expression
      var message: PresentationAction<SocketMessage>
      var alert: PresentationAction<NoAlertAction>

      init(expression: Expression, message: PresentationAction<SocketMessage>) {
        self.expression = expression
        self.message = message
        self.alert = .dismiss
      }
      init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: TraceCodingKey.self)
        self.expression = try container.decodeTraceValue(forKey: "expression", in: Box.self, at: "expression")
        self.message = try container.decodeTraceValue(forKey: "message", in: Box.self, at: "message")
        self.alert = try container.decodeTraceValue(forKey: "alert", in: Box.self, at: "alert")
      }
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TraceCodingKey.self)
        try container.encodeTraceValue(self.expression, forKey: "expression", in: Box.self, at: "expression")
        try container.encodeTraceValue(self.message, forKey: "message", in: Box.self, at: "message")
        try container.encodeTraceValue(self.alert, forKey: "alert", in: Box.self, at: "alert")
      }
    }
    let box = Box(
      expression: .sum(.number(1), .negated(.sum(.number(2), .number(3)))),
      message: .presented(.string("hi")))
    #expect(
      try json(box)
        == #"{"alert":{"dismiss":{}},"expression":{"sum":{"_0":{"number":{"_0":1}},"#
        + #""_1":{"negated":{"_0":{"sum":{"_0":{"number":{"_0":2}},"_1":{"number":{"_0":3}}}}}}}},"#
        + #""message":{"presented":{"_0":{"string":{"_0":"hi"}}}}}"#)
    #expect(try roundTrip(box) == box)
    for _ in 0..<1_000 { _ = try roundTrip(box) }
  }

  @Test func anUnknownCaseIsADecodingError() throws {
    let json = #"{"last":{"didExplode":{}},"log":[],"choice":{"left":{"_0":0}}}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Socket.State.self, from: Data(json.utf8))
    }
  }

  @Test func aMissingValueIsADecodingError() throws {
    let json = #"{"last":{"didClose":{"code":1000}},"log":[],"choice":{"left":{"_0":0}}}"#
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Socket.State.self, from: Data(json.utf8))
    }
  }

  @Test func aClassInAPayloadIsNamedWhenItsCaseIsCoded() throws {
    struct Box: Encodable {
      let handle: Handle
      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TraceCodingKey.self)
        try container.encodeTraceValue(
          self.handle, forKey: "handle", in: Socket.State.self, at: "handle")
      }
    }
    #expect(try json(Box(handle: .none)) == #"{"handle":{"none":{}}}"#)
    #expect(throws: UncodableValueError.self) {
      try JSONEncoder().encode(Box(handle: .session(Session())))
    }
  }
}
