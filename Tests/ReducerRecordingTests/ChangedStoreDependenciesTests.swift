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
    let (store, recorder) = try Self.recordedStore(path)
    await store.send(.greet) { $0.lines = ["hello 00"] }
    store.dependencies[Greeting.self] = "bye"
    await store.send(.greet) { $0.lines = ["hello 00", "bye 01"] }
    store.dependencies[Greeting.self] = "hi"
    await store.send(.greet) { $0.lines = ["hello 00", "bye 01", "hi 02"] }
    await recorder.finish()

    let reads = try Self.uuidReads(path)
    #expect(reads.actions.map(\.name) == ["greet", "greet", "greet"])
    #expect(reads.readers == reads.actions.map { .action($0.seq) })
    #expect(reads.endings == ["00", "01", "02"])
  }

  @Test func aChangedRecordedDependencyReachesTheNextActionAndIsRecorded() async throws {
    let path = temporaryTracePath("changed-uuid")
    let (store, recorder) = try Self.recordedStore(path)
    await store.send(.greet) { $0.lines = ["hello 00"] }
    store.dependencies.uuid = .constant(UUID(0xAB))
    await store.send(.greet) { $0.lines = ["hello 00", "hello AB"] }
    store.dependencies[Greeting.self] = "bye"
    await store.send(.greet) { $0.lines = ["hello 00", "hello AB", "bye AB"] }
    await recorder.finish()

    let reads = try Self.uuidReads(path)
    #expect(reads.readers == reads.actions.map { .action($0.seq) })
    #expect(reads.endings == ["00", "AB", "AB"])
  }

  @Reducer
  struct Stamper {
    struct State: Equatable { var stamps = 0 }
    enum Action: Equatable { case stamp }
    @Dependency(\.continuousClock) var clock
    @Dependency(Greeting.self) var greeting

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        _ = self.clock.now
        state.stamps += 1
        return .none
      }
    }
  }

  @Test func anUnchangedClockKeepsItsWrapperWhenOtherDependenciesChange() async throws {
    let path = temporaryTracePath("unchanged-clock")
    let recorder = try Recorder(path: path)
    let clock = TestClock()
    let store = TestStore(initialState: Stamper.State()) {
      Stamper().record(to: recorder)
    } withDependencies: {
      $0.continuousClock = clock
    }
    await store.send(.stamp) { $0.stamps = 1 }
    await clock.advance(by: .seconds(5))
    store.dependencies[Greeting.self] = "bye"
    await store.send(.stamp) { $0.stamps = 2 }
    await recorder.finish()

    // NB: Read from the recording's start: a clock wrapped anew would read from its own.
    let nows = try TraceReader(path: path).clockRequests().filter { $0.request == .now }
    #expect(nows.map(\.nanoseconds) == [0, 5_000_000_000])
  }

  /// A `TestStore` of ``Greeter`` with incrementing UUIDs, recorded to `path`, and its recorder.
  private static func recordedStore(_ path: String) throws -> (TestStoreOf<Greeter>, Recorder) {
    let recorder = try Recorder(path: path)
    let store = TestStore(initialState: Greeter.State()) {
      Greeter().record(to: recorder)
    } withDependencies: {
      $0.uuid = .incrementing
    }
    return (store, recorder)
  }

  /// The trace's actions, and its `uuid` reads: who read each, and the value's last two digits.
  private static func uuidReads(_ path: String) throws -> (
    actions: [ActionRecord], readers: [DependencyValueRecord.Reader], endings: [Substring]
  ) {
    let trace = try TraceReader(path: path)
    let reads = try trace.dependencyValues().filter { $0.dependency == .uuid }
    return (
      try trace.actions(in: 1...Int64.max), reads.map(\.reader), reads.map { $0.value.suffix(2) }
    )
  }
}
