import ComposableRuntime
import Foundation
import ReducerRecording
import TestSupport
import Testing
import Trace

/// A `TestStore` whose dependencies a test changes between sends: the reducer operator runs the
/// next action with the new ones, the recorded ones too, and keeps recording what the reducer
/// reads.
@MainActor
@Suite struct ChangedStoreDependenciesTests {
  struct Greeting: DependencyKey {
    static let liveValue = "hello"
    static let testValue = "hello"
  }

  @Reducer
  struct Greeter {
    struct State: Equatable { var lines: [String] = [] }
    enum Action: Equatable { case greet }
    @Dependency(Greeting.self) var greeting
    @Dependency(\.uuid) var uuid

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        state.lines.append("\(self.greeting) \(self.uuid().uuidString.suffix(2))")
        return .none
      }
    }
  }

  @Test func theNextActionRunsWithTheChangedDependenciesAndIsStillRecorded() async throws {
    let path = temporaryTracePath("changed-dependencies")
    let recorder = try Recorder(path: path)
    let store = TestStore(initialState: Greeter.State()) {
      Greeter().record(to: recorder)
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.greet) { $0.lines = ["hello 00"] }
    store.dependencies[Greeting.self] = "bye"
    await store.send(.greet) { $0.lines = ["hello 00", "bye 01"] }
    store.dependencies[Greeting.self] = "hi"
    await store.send(.greet) { $0.lines = ["hello 00", "bye 01", "hi 02"] }
    await recorder.finish()

    let trace = try TraceReader(path: path)
    let actions = try trace.actions(in: 1...Int64.max)
    #expect(actions.map(\.name) == ["greet", "greet", "greet"])
    let reads = try trace.dependencyValues().filter { $0.dependency == .uuid }
    #expect(reads.map(\.reader) == actions.map { .action($0.seq) })
    #expect(reads.map { $0.value.suffix(2) } == ["00", "01", "02"])
  }

  @Test func aChangedRecordedDependencyReachesTheNextActionAndIsRecorded() async throws {
    let path = temporaryTracePath("changed-uuid")
    let recorder = try Recorder(path: path)
    let store = TestStore(initialState: Greeter.State()) {
      Greeter().record(to: recorder)
    } withDependencies: {
      $0.uuid = .incrementing
    }
    await store.send(.greet) { $0.lines = ["hello 00"] }
    store.dependencies.uuid = .constant(UUID(0xAB))
    await store.send(.greet) { $0.lines = ["hello 00", "hello AB"] }
    store.dependencies[Greeting.self] = "bye"
    await store.send(.greet) { $0.lines = ["hello 00", "hello AB", "bye AB"] }
    await recorder.finish()

    let trace = try TraceReader(path: path)
    let actions = try trace.actions(in: 1...Int64.max)
    let reads = try trace.dependencyValues().filter { $0.dependency == .uuid }
    #expect(reads.map(\.reader) == actions.map { .action($0.seq) })
    #expect(reads.map { $0.value.suffix(2) } == ["00", "AB", "AB"])
  }
}
