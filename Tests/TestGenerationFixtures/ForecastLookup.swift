import ComposableRuntime
import Recorder

/// A place's forecast, asked for when the place is tapped, as TCA's search example asks: a
/// second tap cancels the request in flight. Its test gives the forecast client a request that
/// sleeps no time on the test's own clock, captured, not on `\.continuousClock`; so the
/// recording sees no sleep, and the test must advance the clock by nothing for the answer.
@Reducer
public struct ForecastLookup {
  @ObservableState
  public struct State: Equatable {
    public var requestInFlight: Int?
    public var forecast: String?
    public init() {}
  }

  public enum Action: Equatable {
    case placeTapped(Int)
    case forecastResponse(place: Int, forecast: String)
  }

  enum CancelID { case forecast }

  @Dependency(ForecastClient.self) var forecastClient

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .placeTapped(place):
        state.requestInFlight = place
        return .run { [forecastClient] send in
          let forecast = try await forecastClient.forecast(place)
          await send(.forecastResponse(place: place, forecast: forecast))
        }
        .cancellable(id: CancelID.forecast, cancelInFlight: true)
      case let .forecastResponse(_, forecast):
        state.requestInFlight = nil
        state.forecast = forecast
        return .none
      }
    }
  }
}

/// Tells a place's forecast.
public struct ForecastClient: TestDependencyKey, Sendable {
  public var forecast: @Sendable (_ place: Int) async throws -> String

  public init(forecast: @escaping @Sendable (_ place: Int) async throws -> String) {
    self.forecast = forecast
  }

  public static var testValue: Self {
    Self { _ in
      reportIssue("ForecastClient.forecast is not given")
      return ""
    }
  }
}

/// The forecast lookup's session as its own test drives it: two places tapped, the first
/// request cancelled by the second, and the clock advanced by nothing for the answer.
public enum ForecastLookupSession {
  /// The dependencies the session's test gives, as Swift statements: what a generated test gets.
  public static let dependencies = """
    $0[ForecastClient.self].forecast = { @Sendable place in
      try await clock.sleep(for: .seconds(0))
      return "sunny in \\(place)"
    }
    """

  /// Records the session of ``ForecastLookup`` under a `TestStore` into a new trace at `path`.
  @MainActor
  public static func record(to path: String) async throws {
    let clock = TestClock()
    let recorder = try Recorder(path: path)
    let store = TestStore(initialState: ForecastLookup.State()) {
      ForecastLookup().record(to: recorder)
    } withDependencies: {
      $0.continuousClock = clock
      $0[ForecastClient.self].forecast = { @Sendable place in
        try await clock.sleep(for: .seconds(0))
        return "sunny in \(place)"
      }
    }
    await store.send(.placeTapped(1)) {
      $0.requestInFlight = 1
    }
    await store.send(.placeTapped(2)) {
      $0.requestInFlight = 2
    }
    await clock.advance()
    await store.receive(\.forecastResponse) {
      $0.requestInFlight = nil
      $0.forecast = "sunny in 2"
    }
    await recorder.finish()
  }
}
