import ComposableRuntime
import Testing

@testable import TestGeneration

/// How a generated test receives a failure: compared when the failure's declared type is the
/// error's own, by its case alone when it is `any Error` (there is no type to compare at, as in
/// TCA's speech recognition case study, whose `Failure` is `Equatable`).
@Suite struct ReceivedActionPatternTests {
  enum SpeechFailure: Error, Equatable {
    case taskError
  }

  @CasePathable
  enum Action {
    case speech(Result<String, any Error>)
    case typed(Result<Int, SpeechFailure>)
  }

  func receive(_ action: Action) throws -> (keyPath: String, value: String?) {
    let pattern = try #require(
      ReceivedActionPattern(action, printer: SwiftValuePrinter(module: "TestGenerationTests")))
    return (
      SwiftExpression.keyPath(pattern.keyPath).description,
      pattern.value?.description
    )
  }

  @Test func aFailureOfAnyErrorIsReceivedByItsCase() throws {
    let failure = try receive(.speech(.failure(SpeechFailure.taskError)))
    #expect(failure.keyPath == #"\.speech.failure"#)
    #expect(failure.value == nil)
    let success = try receive(.speech(.success("Hello")))
    #expect(success.keyPath == #"\.speech.success"#)
    #expect(success.value == #""Hello""#)
  }

  @Test func aFailureOfItsOwnTypeIsCompared() throws {
    let failure = try receive(.typed(.failure(.taskError)))
    #expect(failure.keyPath == #"\.typed.failure"#)
    #expect(failure.value == ".taskError")
  }
}
