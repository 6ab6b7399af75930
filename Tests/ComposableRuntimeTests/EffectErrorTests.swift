import ComposableRuntime
import Testing

@MainActor
@Suite struct EffectErrorTests {
  struct Failure: Error, Equatable { let code: Int }

  @CasePathable
  enum Action: Equatable {
    case failCaught, failUncaught, throwCancellation
    case failed(String)
  }

  func makeStore(log: EventLog<[String], Action>) -> Store<[String], Action> {
    let store = Store(initialState: [String]()) {
      Reduce<[String], Action> { state, action in
        switch action {
        case .failCaught:
          return .run { _ in
            throw Failure(code: 1)
          } catch: { error, send in
            await send(.failed("\(error)"))
          }
        case .failUncaught:
          return .run { _ in throw Failure(code: 2) }
        case .throwCancellation:
          return .run { _ in throw CancellationError() }
        case let .failed(text):
          state.append(text)
          return .none
        }
      }
    }
    store.observer = log
    return store
  }

  @Test func errorGoesToCatchAndTheEffectFails() async {
    let log = EventLog<[String], Action>()
    let store = makeStore(log: log)
    await store.send(.failCaught).finish()
    #expect(store.state == ["Failure(code: 1)"])
    #expect(log.outcomes[EffectID(rawValue: 1)] == [.failed(Failure(code: 1))])
    #expect(log.lines.contains("receive #2 failed(\"Failure(code: 1)\") from effect #1"))
  }

  @Test func uncaughtErrorIsReportedAsAnIssue() async {
    let log = EventLog<[String], Action>()
    let store = makeStore(log: log)
    await withKnownIssue {
      await store.send(.failUncaught).finish()
    } matching: { issue in
      issue.description.contains("threw an unhandled error")
        && issue.description.contains("EffectErrorTests.Failure(code: 2)")
    }
    #expect(log.outcomes[EffectID(rawValue: 1)] == [.failed(Failure(code: 2))])
  }

  @Test func cancellationErrorIsSilent() async {
    let log = EventLog<[String], Action>()
    let store = makeStore(log: log)
    await store.send(.throwCancellation).finish()
    #expect(log.outcomes[EffectID(rawValue: 1)] == [.cancelled(.threwCancellationError)])
  }
}
