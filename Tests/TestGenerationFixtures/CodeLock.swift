import ComposableRuntime

/// A lock that opens when its code is keyed in order; every other key only counts. Shrinking a
/// long session of key presses must keep exactly the code's keys (the shrinking tests and the
/// test-generation benchmark both record it).
@Reducer
public struct CodeLock: Sendable {
  @ObservableState
  public struct State: Codable, Equatable, Sendable {
    public var progress = 0
    public var keysPressed = 0

    public init() {}
  }

  public enum Action: Codable, Equatable, Sendable {
    case keyPressed(Int)
  }

  /// The keys that open the lock, in order.
  public static let code = [7, 42, 99]

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .keyPressed(key):
        state.keysPressed += 1
        if state.progress < Self.code.count, key == Self.code[state.progress] {
          state.progress += 1
        }
        return .none
      }
    }
  }
}
