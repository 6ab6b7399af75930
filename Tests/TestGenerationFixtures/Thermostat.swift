import ComposableRuntime

/// A thermostat whose unit comes back from an effect as a plain enum payload,
/// `.unitLoaded(.celsius)`: its generated test must receive it as `\.unitLoaded, .celsius`, since
/// a key path into `Unit` (not an action enum) does not compile.
@Reducer
public struct Thermostat: Sendable {
  @ObservableState
  public struct State: Codable, Equatable, Sendable {
    public var unit: Unit?

    public init() {}
  }

  /// How temperatures are shown: a plain enum, not `CasePathable`.
  public enum Unit: String, Codable, Equatable, Sendable {
    case celsius, fahrenheit
  }

  public enum Action: Codable, Equatable, Sendable {
    case onAppear
    case unitLoaded(Unit)
  }

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        return .run { send in await send(.unitLoaded(.celsius)) }
      case let .unitLoaded(unit):
        state.unit = unit
        return .none
      }
    }
  }
}
