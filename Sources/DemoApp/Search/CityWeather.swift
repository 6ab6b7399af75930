/// The weather in one city, as ``SearchClient`` finds it.
public struct CityWeather: Codable, Equatable, Identifiable, Sendable {
  public let city: String
  public let country: String
  /// Degrees Celsius.
  public let temperature: Int
  public let conditions: String

  public init(city: String, country: String, temperature: Int, conditions: String) {
    self.city = city
    self.country = country
    self.temperature = temperature
    self.conditions = conditions
  }

  public var id: String { "\(self.city), \(self.country)" }
}

extension CityWeather {
  /// The records the live search client's offline fake searches.
  public static let catalogue: [CityWeather] = [
    CityWeather(city: "Amsterdam", country: "Netherlands", temperature: 14, conditions: "Rain"),
    CityWeather(city: "Barcelona", country: "Spain", temperature: 24, conditions: "Sunny"),
    CityWeather(city: "Berlin", country: "Germany", temperature: 17, conditions: "Cloudy"),
    CityWeather(city: "Bern", country: "Switzerland", temperature: 15, conditions: "Showers"),
    CityWeather(city: "Cairo", country: "Egypt", temperature: 33, conditions: "Clear"),
    CityWeather(city: "Lisbon", country: "Portugal", temperature: 22, conditions: "Sunny"),
    CityWeather(city: "London", country: "United Kingdom", temperature: 13, conditions: "Fog"),
    CityWeather(city: "Oslo", country: "Norway", temperature: 8, conditions: "Snow"),
    CityWeather(city: "Paris", country: "France", temperature: 19, conditions: "Cloudy"),
    CityWeather(city: "Tokyo", country: "Japan", temperature: 26, conditions: "Humid"),
  ]
}
