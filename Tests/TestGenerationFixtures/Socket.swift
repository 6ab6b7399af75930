import ComposableRuntime
import Foundation

// A generic reducer over its messages, in the shape of TCA's web socket case study: its actions
// carry enums declared outside the feature whose cases carry values (as `WebSocketClient.Action`
// and `WebSocketClient.Message` do), none `Codable`, and an effect answers after a delay.

/// What a socket sends or receives.
public enum SocketMessage: Equatable, Sendable {
  case data([UInt8])
  case string(String)
}

/// What happens to a socket.
public enum SocketEvent: Equatable, Sendable {
  case didOpen(protocol: String?)
  case didClose(code: Int, reason: String?)
  case received(SocketMessage)
}

/// A socket that echoes what it is sent, its messages of any type.
@Reducer
public struct Socket<Message: Equatable & Sendable> {
  @ObservableState
  public struct State: Equatable {
    public var isOpen = false
    public var sent: [Message] = []
    public var events: [SocketEvent] = []
    public init() {}
  }

  public enum Action {
    case open
    case send(Message)
    case event(SocketEvent)
    case close
  }

  @Dependency(\.continuousClock) var clock
  let echo: @Sendable (Message) -> SocketMessage

  public init(echo: @escaping @Sendable (Message) -> SocketMessage) {
    self.echo = echo
  }

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .open:
        return .send(.event(.didOpen(protocol: "echo")))
      case let .send(message):
        state.sent.append(message)
        let echoed = self.echo(message)
        return .run { [clock] send in
          try await clock.sleep(for: .milliseconds(50))
          await send(.event(.received(echoed)))
        }
      case let .event(event):
        state.events.append(event)
        if case .didOpen = event { state.isOpen = true }
        if case .didClose = event { state.isOpen = false }
        return .none
      case .close:
        return .send(.event(.didClose(code: 1000, reason: nil)))
      }
    }
  }
}

/// The socket of strings the fixtures record.
public typealias TextSocket = Socket<String>

extension Socket where Message == String {
  /// Echoes a string as a string.
  public init() {
    self.init(echo: { .string($0) })
  }
}
