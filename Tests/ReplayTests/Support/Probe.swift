import ComposableRuntime
import Foundation

/// A small feature that reads every kind of replay input: a UUID, the date, a random number, a
/// timer cancelled by id, and a request whose answer comes back through an effect. Its variants
/// are today's code changed in one place each.
@Reducer
struct Probe {
  enum Variant: Sendable {
    case original
    /// The third increment adds 2: a state divergence.
    case countsTwiceFromTwo
    /// Stopping the timer forgets to cancel it: an effects divergence.
    case forgetsToCancel
    /// The second increment also reads a UUID: a dependencies divergence.
    case readsAUUIDWhenCounting
    /// The request's effect answers 7 instead of 42: a live-effects divergence.
    case answersSeven
  }

  @ObservableState
  struct State: Codable, Equatable, Sendable {
    var count = 0
    var ids: [UUID] = []
    var stamps: [Date] = []
    var rolls: [Int] = []
    var ticks = 0
    var answers: [Int] = []
  }

  enum Action: Codable, Equatable, Sendable {
    case increment
    case addID
    case stamp
    case roll
    case startTimer
    case stopTimer
    case tick
    case ask
    case answered(Int)
  }

  enum CancelID: Hashable, Sendable { case timer }

  var variant = Variant.original

  @Dependency(\.uuid) var uuid
  @Dependency(\.date) var date
  @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment:
        if self.variant == .readsAUUIDWhenCounting, state.count == 1 {
          state.ids.append(self.uuid())
        }
        state.count += self.variant == .countsTwiceFromTwo && state.count == 2 ? 2 : 1
        return .none
      case .addID:
        state.ids.append(self.uuid())
        return .none
      case .stamp:
        state.stamps.append(self.date.now)
        return .none
      case .roll:
        state.rolls.append(self.withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) })
        return .none
      case .startTimer:
        return .run { send in
          for await _ in self.clock.timer(interval: .seconds(1)) { await send(.tick) }
        }
        .cancellable(id: CancelID.timer)
      case .stopTimer:
        return self.variant == .forgetsToCancel ? .none : .cancel(id: CancelID.timer)
      case .tick:
        state.ticks += 1
        return .none
      case .ask:
        let answer = self.variant == .answersSeven ? 7 : 42
        return .run { send in
          try await self.clock.sleep(for: .seconds(1))
          await send(.answered(answer))
        }
      case let .answered(answer):
        state.answers.append(answer)
        return .none
      }
    }
  }
}

/// A feature whose action holds a value with no coding: `@Reducer` codes its actions, and its
/// traces say which case keeps them from being replayed.
@Reducer
struct Uncodable {
  struct State: Codable, Equatable {
    var text = ""
  }

  enum Action {
    case changed(NSObject)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      state.text = "\(action)"
      return .none
    }
  }
}
