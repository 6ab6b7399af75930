import ComposableRuntime
import Foundation

/// Speech turned into text as it is heard, as TCA's speech-recognition example does: the effect
/// reads a stream of utterances but sends back only their text, and a failure of the stream as
/// the error itself, which the reducer tells apart by its case. Written as TCA users write
/// features: `Result` with `any Error`, nothing declared `Codable`.
@Reducer
public struct Dictation {
  @ObservableState
  public struct State: Equatable {
    public var isListening = false
    public var text = ""
    public var problem: String?
    public init() {}
  }

  public enum Action {
    case listenTapped
    case heard(Result<String, any Error>)
  }

  @Dependency(DictationClient.self) var client

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .listenTapped:
        state.isListening = true
        return .run { [client] send in
          do {
            for try await utterance in client.listen() {
              await send(.heard(.success(utterance.text)))
            }
          } catch {
            await send(.heard(.failure(error)))
          }
        }
      case let .heard(.success(text)):
        state.text = text
        return .none
      case let .heard(.failure(error)):
        state.isListening = false
        switch error {
        case DictationClient.Failure.microphoneBusy:
          state.problem = "Another app is using the microphone."
        default:
          state.problem = "Dictation stopped."
        }
        return .none
      }
    }
  }
}

/// What the dictation hears.
public struct Utterance: Equatable, Sendable {
  public var text: String
  public var confidence: Double

  public init(text: String, confidence: Double) {
    self.text = text
    self.confidence = confidence
  }
}

/// Where utterances come from.
public struct DictationClient: TestDependencyKey, Sendable {
  public var listen: @Sendable () -> AsyncThrowingStream<Utterance, any Error>

  /// Why listening stopped.
  public enum Failure: Error, Equatable {
    case microphoneBusy
    case engineStopped
  }

  public init(listen: @escaping @Sendable () -> AsyncThrowingStream<Utterance, any Error>) {
    self.listen = listen
  }

  public static var testValue: Self {
    Self {
      reportIssue("DictationClient.listen is not given")
      return AsyncThrowingStream { $0.finish() }
    }
  }
}
