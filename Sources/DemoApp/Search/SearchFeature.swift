import ComposableRuntime

/// A search field over the weather of cities, in the style of TCA's Search case study.
///
/// - Each keystroke restarts one effect under a cancel id with `cancelInFlight`: it waits 300 ms
///   on `\.continuousClock` (the debounce), then asks ``SearchClient``. Typing again cancels the
///   wait, or the request if it is already in flight.
/// - Clearing the query clears the results and cancels whatever is in flight.
/// - A search that finds nothing, or fails, says so in ``State/results``; the previous results
///   stay on screen while the next search runs.
/// - Temperatures are shown in the unit the profile picked: a setting it only reads
///   (`@SharedReader(.temperatureUnit)`).
@Reducer
public struct SearchFeature: Sendable {
  @ObservableState
  public struct State: Equatable, Sendable {
    public var query: String
    public var isSearching = false
    public var results: Results = .idle
    /// The unit temperatures are shown in, as the profile set it.
    @SharedReader(.temperatureUnit) public var temperatureUnit = TemperatureUnit.celsius

    public init(query: String = "") {
      self.query = query
    }

    /// A city's temperature as the list shows it, in the unit of the setting.
    public func temperature(of city: CityWeather) -> String {
      self.temperatureUnit.format(celsius: city.temperature)
    }
  }

  /// What the list under the search field shows.
  public enum Results: Codable, Equatable, Sendable {
    /// Nothing searched yet, or the query was cleared.
    case idle
    /// The cities that matched the query.
    case found([CityWeather])
    /// The search ran and matched no city.
    case noMatches(query: String)
    /// The search failed; the message is shown in place of results.
    case failed(message: String)
  }

  // NB: Not declared `Codable`: `@Reducer` synthesizes its coding, `Result` payload included.
  public enum Action: Equatable, Sendable {
    case view(View)
    case `internal`(Internal)

    @CasePathable
    public enum View: Codable, Equatable, Sendable {
      case queryChanged(String)
    }

    @CasePathable
    public enum Internal: Equatable, Sendable {
      // NB: The result is labeled `result`, the key it was coded under when its coding was
      // written by hand, so traces recorded then still replay.
      case searchResponse(query: String, result: Result<[CityWeather], SearchError>)
    }
  }

  /// A search that failed, as the state shows it.
  public struct SearchError: Codable, Error, Equatable, Sendable {
    public let message: String
    public init(message: String) { self.message = message }
  }

  enum CancelID: Hashable, Sendable { case search }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.searchClient) var searchClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .view(.queryChanged(query)):
        state.query = query
        guard !query.allSatisfy(\.isWhitespace) else {
          state.isSearching = false
          state.results = .idle
          return .cancel(id: CancelID.search)
        }
        state.isSearching = true
        return .run { send in
          try await self.clock.sleep(for: .milliseconds(300))
          let cities = try await self.searchClient.search(query)
          await send(.internal(.searchResponse(query: query, result: .success(cities))))
        } catch: { error, send in
          let failure = SearchError(message: "\(error)")
          await send(.internal(.searchResponse(query: query, result: .failure(failure))))
        }
        .cancellable(id: CancelID.search, cancelInFlight: true)

      case let .internal(.searchResponse(query, .success(cities))):
        state.isSearching = false
        state.results = cities.isEmpty ? .noMatches(query: query) : .found(cities)
        return .none

      case let .internal(.searchResponse(_, .failure(error))):
        state.isSearching = false
        state.results = .failed(message: error.message)
        return .none
      }
    }
  }
}
