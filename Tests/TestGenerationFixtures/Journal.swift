import ComposableRuntime
import Foundation

/// A feature that reads every source of non-determinism a generated test hands back: entries get
/// ids from `\.uuid` and times from `\.date`, a die is rolled with `\.withRandomNumberGenerator`,
/// and a reminder comes back after a wait on `\.continuousClock`.
@Reducer
public struct Journal: Sendable {
  @ObservableState
  public struct State: Codable, Equatable, Sendable {
    public var entries: IdentifiedArrayOf<Entry> = []
    public var lastRoll: Int?
    public var reminders = 0

    public init() {}
  }

  /// One line of the journal.
  public struct Entry: Codable, Equatable, Identifiable, Sendable {
    public var id: UUID
    public var text: String
    public var writtenAt: Date
  }

  public enum Action: Codable, Equatable, Sendable {
    case entryAdded(String)
    case dieRolled
    case remindMeTapped
    case reminderFired(Int)
  }

  @Dependency(\.uuid) var uuid
  @Dependency(\.date) var date
  @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
  @Dependency(\.continuousClock) var clock

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .entryAdded(text):
        state.entries.append(Entry(id: self.uuid(), text: text, writtenAt: self.date.now))
        return .none
      case .dieRolled:
        state.lastRoll = self.withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
        return .none
      case .remindMeTapped:
        return .run { [count = state.reminders] send in
          try await self.clock.sleep(for: .seconds(2))
          await send(.reminderFired(count + 1))
          try await self.clock.sleep(for: .milliseconds(1_500))
          await send(.reminderFired(count + 2))
        }
      case let .reminderFired(count):
        state.reminders = count
        return .none
      }
    }
  }
}
