import ComposableRuntime
import Foundation
import Testing

@DependencyClient
struct GreetingClient: Sendable {
  var greet: @Sendable (_ name: String) async throws -> String
}

extension GreetingClient: DependencyKey {
  static let liveValue = GreetingClient(greet: { "Hello, \($0)!" })
  static let testValue = GreetingClient()
}

extension DependencyValues {
  var greeting: GreetingClient {
    get { self[GreetingClient.self] }
    set { self[GreetingClient.self] = newValue }
  }
}

@MainActor
@Suite struct DependencyTests {
  struct State: Equatable {
    var now: Date?
    var id: UUID?
    var greeting: String?
  }

  @CasePathable
  enum Action: Equatable {
    case stamp
    case greet(String)
    case greeted(String)
  }

  struct Feature: Reducer {
    @Dependency(\.date.now) var now
    @Dependency(\.uuid) var uuid
    @Dependency(\.greeting) var greeting

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .stamp:
        state.now = now
        state.id = uuid()
        return .none
      case let .greet(name):
        return .run { send in await send(.greeted(try await greeting.greet(name))) }
      case let .greeted(text):
        state.greeting = text
        return .none
      }
    }
  }

  @Test func storesUseTheirOwnOverridesInReducerAndEffects() async {
    let first = Store(initialState: State()) {
      Feature()
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 1)
      $0.uuid = .incrementing
      $0.greeting.greet = { "Hi \($0)" }
    }
    let second = Store(initialState: State()) {
      Feature()
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 2)
      $0.uuid = .constant(UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF")!)
      $0.greeting.greet = { "Yo \($0)" }
    }
    first.send(.stamp)
    second.send(.stamp)
    await first.send(.greet("Ada")).finish()
    await second.send(.greet("Bob")).finish()
    #expect(first.now == Date(timeIntervalSince1970: 1))
    #expect(first.id == UUID(0))
    #expect(second.now == Date(timeIntervalSince1970: 2))
    #expect(second.id == UUID(uuidString: "DEADBEEF-DEAD-BEEF-DEAD-BEEFDEADBEEF"))
    #expect(first.greeting == "Hi Ada")
    #expect(second.greeting == "Yo Bob")
  }

  @Test func dependencyAndTransformDependencyOperatorsOverrideForTheirReducer() async {
    let store = Store(initialState: State()) {
      Feature()
        .dependency(\.date.now, Date(timeIntervalSince1970: 10))
        .transformDependency(\.greeting) { client in
          client.greet = { "Hey \($0)" }
        }
    } withDependencies: {
      $0.uuid = .incrementing
    }
    store.send(.stamp)
    await store.send(.greet("Cy")).finish()
    #expect(store.now == Date(timeIntervalSince1970: 10))
    #expect(store.greeting == "Hey Cy")
  }

  @Test func unimplementedTestClientReportsAnIssue() async {
    let store = Store(initialState: State()) {
      Feature()
    } withDependencies: {
      $0.context = .test
    }
    await withKnownIssue {
      await store.send(.greet("Dee")).finish()
    } matching: { issue in
      issue.description.contains("greet")
    }
  }
}
