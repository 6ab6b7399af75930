import ComposableRuntime
import DemoApp
import Foundation
import Testing

/// The temperature unit: a setting in `.appStorage` the profile writes and the search reads.
@MainActor
@Suite struct TemperatureUnitTests {
  @Test func theProfileSetsTheUnitTheSearchShows() async {
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    }
    let berlin = CityWeather.catalogue[2]
    #expect(store.state.search.temperature(of: berlin) == "17°C")
    await store.send(.profile(.view(.temperatureUnitPicked(.fahrenheit)))) {
      $0.profile.$temperatureUnit.withLock { $0 = .fahrenheit }
    }
    #expect(store.state.search.temperatureUnit == .fahrenheit)
    #expect(store.state.search.temperature(of: berlin) == "63°F")
  }

  @Test func anUnassertedUnitChangeFails() async {
    let store = TestStore(initialState: AppFeature.State()) {
      AppFeature()
    }
    await withKnownIssue {
      await store.send(.profile(.view(.temperatureUnitPicked(.fahrenheit))))
    } matching: { issue in
      issue.description.contains("does not match expectation")
        && issue.description.contains("−     _temperatureUnit: .celsius")
    }
  }

  @Test func pickingTheSameUnitChangesNothing() async {
    let store = TestStore(initialState: ProfileFeature.State()) {
      ProfileFeature()
    }
    await store.send(.view(.temperatureUnitPicked(.celsius)))
  }

  @Test func theSettingIsStoredInTheAppsDefaults() async {
    let defaults = UserDefaults.inMemory
    let store = TestStore(initialState: ProfileFeature.State()) {
      ProfileFeature()
    } withDependencies: {
      $0.defaultAppStorage = defaults
    }
    await store.send(.view(.temperatureUnitPicked(.fahrenheit))) {
      $0.$temperatureUnit.withLock { $0 = .fahrenheit }
    }
    #expect(defaults.string(forKey: TemperatureUnit.storageKey) == "fahrenheit")
  }

  @Test func eachTestStartsFromTheDefaultUnit() {
    // The tests above set Fahrenheit; a test's `.appStorage` is its own.
    #expect(SearchFeature.State().temperatureUnit == .celsius)
  }

  @Test func aResetLeavesTheSettingAlone() async {
    let store = TestStore(initialState: ProfileFeature.State(name: "Blob")) {
      ProfileFeature()
    }
    await store.send(.view(.temperatureUnitPicked(.fahrenheit))) {
      $0.$temperatureUnit.withLock { $0 = .fahrenheit }
    }
    await store.send(.view(.resetButtonTapped)) {
      $0.dialog = ProfileFeature.resetDialog
    }
    await store.send(.dialog(.presented(.resetEverything))) {
      $0 = ProfileFeature.State()
    }
    #expect(store.state.temperatureUnit == .fahrenheit)
  }

  @Test func codingKeepsTheUnitAndOldStatesDecode() throws {
    var state = AppFeature.State()
    state.profile.$temperatureUnit.withLock { $0 = .fahrenheit }
    let json = try JSONEncoder().encode(state)
    let text = String(decoding: json, as: UTF8.self)
    #expect(text.contains(#""temperatureUnit":"fahrenheit""#))
    // A state recorded before the setting existed decodes with the default.
    var object = try JSONSerialization.jsonObject(with: json) as! [String: Any]
    var profile = object["profile"] as! [String: Any]
    var search = object["search"] as! [String: Any]
    profile["temperatureUnit"] = nil
    search["temperatureUnit"] = nil
    object["profile"] = profile
    object["search"] = search
    let old = try JSONSerialization.data(withJSONObject: object)
    let decoded = try withDependencies {
      $0.defaultAppStorage = .inMemory
    } operation: {
      try JSONDecoder().decode(AppFeature.State.self, from: old)
    }
    #expect(decoded.profile.temperatureUnit == .celsius)
    #expect(decoded.search.query == state.search.query)
  }

  @Test func theFormatRounds() {
    #expect(TemperatureUnit.fahrenheit.format(celsius: 8) == "46°F")
    #expect(TemperatureUnit.fahrenheit.format(celsius: -40) == "-40°F")
    #expect(TemperatureUnit.celsius.format(celsius: 8) == "8°C")
  }
}
