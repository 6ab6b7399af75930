import ComposableRuntime
import DemoApp
import Testing

@MainActor
@Suite struct SearchFeatureTests {
  /// A fake search that records its queries and answers from the catalogue after 200 ms.
  struct RecordingSearch: Sendable {
    let clock: TestClock<Duration>
    let queries = LockIsolated<[String]>([])

    func callAsFunction(_ query: String) async throws -> [CityWeather] {
      self.queries.withValue { $0.append(query) }
      try await self.clock.sleep(for: .milliseconds(200))
      return CityWeather.catalogue.filter { $0.city.lowercased().contains(query.lowercased()) }
    }
  }

  func makeStore(
    _ state: SearchFeature.State = .init(),
    clock: TestClock<Duration>,
    search: @escaping @Sendable (String) async throws -> [CityWeather]
  ) -> TestStoreOf<SearchFeature> {
    TestStore(initialState: state) {
      SearchFeature()
    } withDependencies: {
      $0.continuousClock = clock
      $0.searchClient.search = search
    }
  }

  static let berlin = CityWeather.catalogue.first { $0.city == "Berlin" }!
  static let bern = CityWeather.catalogue.first { $0.city == "Bern" }!

  @Test func searchWaitsForTheDebounceThenShowsResults() async {
    let clock = TestClock()
    let search = RecordingSearch(clock: clock)
    let store = makeStore(clock: clock, search: search.callAsFunction)
    await store.send(.view(.queryChanged("Ber"))) {
      $0.query = "Ber"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(299))
    #expect(search.queries.value == [])
    await clock.advance(by: .milliseconds(1))
    #expect(search.queries.value == ["Ber"])
    await clock.advance(by: .milliseconds(200))
    await store.receive(
      .internal(.searchResponse(query: "Ber", result: .success([Self.berlin, Self.bern])))
    ) {
      $0.isSearching = false
      $0.results = .found([Self.berlin, Self.bern])
    }
  }

  @Test func typingAgainCancelsTheDebounceAndTheRequestInFlight() async {
    let clock = TestClock()
    let search = RecordingSearch(clock: clock)
    let store = makeStore(clock: clock, search: search.callAsFunction)
    await store.send(.view(.queryChanged("B"))) {
      $0.query = "B"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(100))
    // Cancels "B" while it waits out the debounce.
    await store.send(.view(.queryChanged("Be"))) { $0.query = "Be" }
    await clock.advance(by: .milliseconds(350))
    #expect(search.queries.value == ["Be"])
    // Cancels "Be" while its request is in flight.
    await store.send(.view(.queryChanged("Ber"))) { $0.query = "Ber" }
    await clock.advance(by: .milliseconds(500))
    #expect(search.queries.value == ["Be", "Ber"])
    await store.receive(
      .internal(.searchResponse(query: "Ber", result: .success([Self.berlin, Self.bern])))
    ) {
      $0.isSearching = false
      $0.results = .found([Self.berlin, Self.bern])
    }
  }

  @Test func clearingTheQueryClearsResultsAndCancelsTheSearch() async {
    let clock = TestClock()
    let search = RecordingSearch(clock: clock)
    var state = SearchFeature.State(query: "Bern")
    state.results = .found([Self.bern])
    let store = makeStore(state, clock: clock, search: search.callAsFunction)
    await store.send(.view(.queryChanged("Ber"))) {
      $0.query = "Ber"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(400))
    await store.send(.view(.queryChanged(""))) {
      $0.query = ""
      $0.isSearching = false
      $0.results = .idle
    }
    await clock.advance(by: .seconds(1))
    #expect(search.queries.value == ["Ber"])
  }

  @Test func searchThatMatchesNothingSaysSo() async {
    let clock = TestClock()
    let store = makeStore(clock: clock) { _ in [] }
    await store.send(.view(.queryChanged("Zz"))) {
      $0.query = "Zz"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(300))
    await store.receive(.internal(.searchResponse(query: "Zz", result: .success([])))) {
      $0.isSearching = false
      $0.results = .noMatches(query: "Zz")
    }
  }

  @Test func failedSearchShowsItsMessage() async {
    struct Offline: Error, CustomStringConvertible {
      var description: String { "offline" }
    }
    let clock = TestClock()
    let store = makeStore(clock: clock) { _ in throw Offline() }
    await store.send(.view(.queryChanged("Oslo"))) {
      $0.query = "Oslo"
      $0.isSearching = true
    }
    await clock.advance(by: .milliseconds(300))
    let failure = SearchFeature.SearchError(message: "offline")
    await store.receive(.internal(.searchResponse(query: "Oslo", result: .failure(failure)))) {
      $0.isSearching = false
      $0.results = .failed(message: "offline")
    }
  }

  @Test func liveFakeAnswersAfterItsLatencyAndFailsForError() async throws {
    try await withMainSerialExecutor {
      let clock = TestClock()
      let answer = LockIsolated<[CityWeather]?>(nil)
      let search = Task {
        try await withDependencies {
          $0.continuousClock = clock
        } operation: {
          let cities = try await SearchClient.liveValue.search("BER")
          answer.setValue(cities)
        }
      }
      await clock.advance(by: .milliseconds(199))
      #expect(answer.value == nil)
      await clock.advance(by: .milliseconds(1))
      try await search.value
      #expect(answer.value == [Self.berlin, Self.bern])

      let failing = Task {
        try await withDependencies {
          $0.continuousClock = clock
        } operation: {
          try await SearchClient.liveValue.search("an error please")
        }
      }
      await clock.advance(by: .milliseconds(200))
      await #expect(throws: SearchClient.Unavailable(query: "an error please")) {
        try await failing.value
      }
    }
  }
}
