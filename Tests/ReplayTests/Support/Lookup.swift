import ComposableRuntime
import DemoApp
import Foundation
import Recorder

/// A test copy of the demo's search (`DemoApp.SearchFeature`), cut to what chaos needs: each
/// keystroke starts a debounced search through the demo's `SearchClient`, and the response
/// records which query its results are for. With `cancelsInFlight` (as the demo has it) a new
/// keystroke cancels the search in flight; without it, every search answers, and the last to
/// answer wins, whatever the query is now.
@Reducer
struct Lookup {
  @ObservableState
  struct State: Codable, Equatable, Sendable {
    var query = ""
    var results: [CityWeather] = []
    /// The query the results on screen answer; `nil` before the first response.
    var resultsFor: String?
  }

  enum Action: Codable, Equatable, Sendable {
    case queryChanged(String)
    case searchResponse(query: String, cities: [CityWeather])
  }

  enum CancelID: Hashable, Sendable { case search }

  var cancelsInFlight = true

  @Dependency(\.continuousClock) var clock
  @Dependency(\.searchClient) var searchClient

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .queryChanged(query):
        state.query = query
        return .run { send in
          try await self.clock.sleep(for: .milliseconds(300))
          let cities = try await self.searchClient.search(query)
          await send(.searchResponse(query: query, cities: cities))
        }
        .cancellable(id: CancelID.search, cancelInFlight: self.cancelsInFlight)
      case let .searchResponse(query, cities):
        state.results = cities
        state.resultsFor = query
        return .none
      }
    }
  }
}

/// Records typing "b", "be", "ber" faster than the debounce, then waits for the answers: with
/// `cancelsInFlight` only the last search answers; without, all three answer, in order.
@MainActor
func recordFastTyping(at path: String, cancelsInFlight: Bool) async throws {
  let clock = TestClock()
  let recorder = try Recorder(path: path)
  let store = Store(initialState: Lookup.State()) {
    Lookup(cancelsInFlight: cancelsInFlight).record(to: recorder)
  } withDependencies: {
    $0.continuousClock = clock
    $0.searchClient = .liveValue
  }
  await withMainSerialExecutor {
    var tasks: [StoreTask] = []
    for query in ["b", "be", "ber"] {
      tasks.append(store.send(.queryChanged(query)))
      await clock.advance(by: .milliseconds(50))
    }
    await clock.advance(by: .seconds(1))
    for task in tasks { await task.finish() }
  }
  await recorder.finish()
}

/// Two effects: one sends `a(1)`, waits a second and sends `a(2)`; the other waits two seconds and
/// sends `stopA`, which cancels the first. Recorded in that order, nothing is cancelled; delivered
/// with `stopA` before `a(2)`, `a(2)` must be dropped.
@Reducer
struct Relay {
  @ObservableState
  struct State: Codable, Equatable, Sendable {
    var received: [Int] = []
    var stopped = false
  }

  enum Action: Codable, Equatable, Sendable {
    case start
    case a(Int)
    case stopA
  }

  enum CancelID: Hashable, Sendable { case a }

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .start:
        return .merge(
          .run { send in
            await send(.a(1))
            try await self.clock.sleep(for: .seconds(1))
            await send(.a(2))
          }
          .cancellable(id: CancelID.a),
          .run { send in
            try await self.clock.sleep(for: .seconds(2))
            await send(.stopA)
          }
        )
      case let .a(value):
        state.received.append(value)
        return .none
      case .stopA:
        state.stopped = true
        return .cancel(id: CancelID.a)
      }
    }
  }
}

/// Records `Relay` started once, with both effects answering.
@MainActor
func recordRelay(at path: String) async throws {
  try await recordStarted(Relay(), from: Relay.State(), sending: .start, at: path)
}
