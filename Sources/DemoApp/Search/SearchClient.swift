import ComposableRuntime

/// Finds the weather in the cities whose names match a query.
///
/// The live value is an offline fake: it searches ``CityWeather/catalogue`` after a 200 ms latency
/// measured on `\.continuousClock`, so the demo runs anywhere, and fails for any query containing
/// "error" to exercise the error path.
@DependencyClient
public struct SearchClient: Sendable {
  /// Returns the cities whose names contain `query`, ignoring case.
  public var search: @Sendable (_ query: String) async throws -> [CityWeather]

  /// The error the live fake throws for a query that asks for one.
  public struct Unavailable: Error, Equatable, CustomStringConvertible {
    public let query: String
    public init(query: String) { self.query = query }
    public var description: String { "The weather service is unavailable for \"\(query)\"" }
  }
}

extension SearchClient: DependencyKey {
  public static let liveValue = SearchClient { query in
    @Dependency(\.continuousClock) var clock
    try await clock.sleep(for: .milliseconds(200))
    let needle = query.lowercased()
    guard !needle.contains("error") else { throw Unavailable(query: query) }
    return CityWeather.catalogue.filter { $0.city.lowercased().contains(needle) }
  }

  public static let testValue = SearchClient()
}

extension DependencyValues {
  /// The client the search feature finds cities with.
  public var searchClient: SearchClient {
    get { self[SearchClient.self] }
    set { self[SearchClient.self] = newValue }
  }
}
