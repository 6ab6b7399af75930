import ComposableRuntime
import Foundation
import Testing

/// The codings `@Reducer`'s synthesized `Codable` relies on: the runtime's types coded as what
/// they were made from, a `Result` with an `any Error` failure, and a value with no coding.
@Suite struct TraceCodingTests {
  @ObservableState
  struct Form: Equatable {
    var name = ""
    var isPublic = false
  }

  @Reducer
  struct Feature {
    @ObservableState
    struct State: Equatable {
      var count = 0
      @Presents var alert: AlertState<Action.Alert>?
      private(set) var loads = 0
      private var secret = ""
    }

    enum Action {
      case alert(PresentationAction<Alert>)
      case loaded(Result<Int, any Error>)
      case named(first: String, Int)
      case callback(@Sendable () -> Void)

      enum Alert: Equatable {
        case confirm
      }
    }

    var body: some ReducerOf<Self> {
      EmptyReducer()
    }
  }

  struct Failure: LocalizedError {
    var errorDescription: String? { "The network is down." }
  }

  @Test func anAlertIsCodedAsWhatItWasMadeFrom() throws {
    let alert = AlertState<Feature.Action.Alert> {
      TextState("Delete?")
    } actions: {
      ButtonState(role: .destructive, action: .confirm) { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState("It cannot be undone.")
    }
    #expect(
      try json(alert)
        == #"{"buttons":[{"action":{"send":{"confirm":{}}},"label":"Delete","role":{"destructive":{}}},"#
        + #"{"action":{},"label":"Cancel","role":{"cancel":{}}}],"message":"It cannot be undone.","#
        + #""title":"Delete?"}"#)
    #expect(try roundTrip(alert) == alert)
    let dialog = ConfirmationDialogState<Feature.Action.Alert>(titleVisibility: .visible) {
      TextState("Reset?")
    } actions: {
      ButtonState(action: .confirm) { TextState("Reset") }
    }
    #expect(try roundTrip(dialog) == dialog)
  }

  /// TCA's animations case study: a test asserts the alert with the button's animation.
  @Test func aButtonsAnimationIsCodedWithItsAction() throws {
    let alert = AlertState<Feature.Action.Alert> {
      TextState("Reset state?")
    } actions: {
      ButtonState(role: .destructive, action: .send(.confirm, animation: .default)) {
        TextState("Reset")
      }
    }
    #expect(
      try json(alert)
        == #"{"buttons":[{"action":{"animation":"default","send":{"confirm":{}}},"label":"Reset","#
        + #""role":{"destructive":{}}}],"title":"Reset state?"}"#)
    #expect(try roundTrip(alert) == alert)
  }

  @Test func aBindingIsCodedAsTheFieldItSets() throws {
    let binding = BindingAction<Form>.set(\.name, "Blob")
    #expect(try json(binding) == #"{"name":"Blob"}"#)
    let decoded = try roundTrip(binding)
    #expect(decoded == binding)
    var form = Form()
    decoded.set(&form)
    #expect(form.name == "Blob")
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(BindingAction<Form>.self, from: Data(#"{"age":3}"#.utf8))
    }
  }

  @Test func aFailureKeepsItsTypeAndDescription() throws {
    let action = Feature.Action.loaded(.failure(Failure()))
    let mangled = try #require(_mangledTypeName(Failure.self))
    #expect(
      try json(action)
        == #"{"loaded":{"_0":{"failure":{"_0":{"description":"The network is down.","#
        + #""swiftType":"\#(mangled)","type":"ComposableRuntimeTests.TraceCodingTests.Failure","#
        + #""value":{}}}}}}"#)
    guard case let .loaded(.failure(error)) = try roundTrip(action) else {
      Issue.record("not a failure")
      return
    }
    #expect(error.localizedDescription == "The network is down.")
    #expect(error is Failure)
    guard case .loaded(.success(3)) = try roundTrip(Feature.Action.loaded(.success(3))) else {
      Issue.record("not a success of 3")
      return
    }
  }

  enum SpeechFailure: Error, Equatable {
    case couldntConfigureAudioSession
    case taskError
  }

  final class Connection {}

  struct SocketFailure: LocalizedError {
    let connection = Connection()
    var errorDescription: String? { "The socket closed." }
  }

  @Test func aFailureOfAnEnumDecodesAsItsCaseForAReducerToMatch() throws {
    let action = Feature.Action.loaded(.failure(SpeechFailure.taskError))
    let decoded = try roundTrip(action)
    guard case .loaded(.failure(SpeechFailure.taskError)) = decoded else {
      Issue.record("not the task error")
      return
    }
  }

  @Test func aFailureThatDoesNotCodeDecodesAsItsTypeAndDescription() throws {
    let action = Feature.Action.loaded(.failure(SocketFailure()))
    #expect(
      try json(action)
        == #"{"loaded":{"_0":{"failure":{"_0":{"description":"The socket closed.","#
        + #""type":"ComposableRuntimeTests.TraceCodingTests.SocketFailure"}}}}}"#)
    guard case let .loaded(.failure(error)) = try roundTrip(action) else {
      Issue.record("not a failure")
      return
    }
    #expect(error.localizedDescription == "The socket closed.")
    #expect(
      (error as? RecordedError)?.typeName
        == "ComposableRuntimeTests.TraceCodingTests.SocketFailure")
    // A type this program does not have, as in a trace from another build, decodes the same way.
    let elsewhere = #"{"loaded":{"_0":{"failure":{"_0":{"description":"Gone.","#
      + #""swiftType":"NotAType","type":"Other.Failure","value":"gone"}}}}}"#
    guard
      case let .loaded(.failure(recorded)) = try JSONDecoder().decode(
        Feature.Action.self, from: Data(elsewhere.utf8))
    else {
      Issue.record("not a failure")
      return
    }
    #expect(recorded as? RecordedError == RecordedError(typeName: "Other.Failure", description: "Gone."))
  }

  @Test func casesAreKeyedByLabelOrPosition() throws {
    #expect(
      try json(Feature.Action.named(first: "a", 2)) == #"{"named":{"_1":2,"first":"a"}}"#)
    #expect(try json(Feature.Action.alert(.dismiss)) == #"{"alert":{"_0":{"dismiss":{}}}}"#)
  }

  @Test func aStateIsCodedByItsPropertiesNames() throws {
    var state = Feature.State()
    state.count = 2
    state.alert = AlertState { TextState("Hi") }
    #expect(
      try json(state)
        == #"{"alert":{"buttons":[],"title":"Hi"},"count":2,"loads":0,"secret":""}"#)
    #expect(try roundTrip(state) == state)
    #expect(try JSONDecoder().decode(Feature.State.self, from: Data("{}".utf8)) == Feature.State())
  }

  @Test func aClosureThrowsNamingItsCase() throws {
    #expect(
      throws: UncodableValueError(
        path: "ComposableRuntimeTests.TraceCodingTests.Feature.Action.callback(_:)",
        typeName: "@Sendable () -> ()")
    ) {
      try JSONEncoder().encode(Feature.Action.callback({}))
    }
  }
}
