import ComposableRuntime

/// How temperatures are shown: a setting the profile writes and the search reads, kept in
/// `.appStorage` under ``storageKey``.
///
/// ```swift
/// @Shared(.temperatureUnit) var temperatureUnit = TemperatureUnit.celsius
/// TemperatureUnit.fahrenheit.format(celsius: 20)  // "68°F"
/// ```
public enum TemperatureUnit: String, CaseIterable, Codable, Sendable {
  case celsius
  case fahrenheit

  /// The `UserDefaults` key the setting is stored under.
  public static let storageKey = "temperatureUnit"

  /// A temperature given in degrees Celsius, in this unit, rounded to a whole degree.
  public func format(celsius: Int) -> String {
    switch self {
    case .celsius: "\(celsius)°C"
    case .fahrenheit: "\(Int((Double(celsius) * 9 / 5 + 32).rounded()))°F"
    }
  }
}

extension SharedReaderKey where Self == AppStorageKey<TemperatureUnit> {
  /// The temperature unit setting: `@Shared(.temperatureUnit) var unit = TemperatureUnit.celsius`.
  public static var temperatureUnit: Self { .appStorage(TemperatureUnit.storageKey) }
}
