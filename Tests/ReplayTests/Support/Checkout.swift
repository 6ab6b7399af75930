import ComposableRuntime
import Foundation

/// A checkout as a TCA user writes one: each item added gets an id from `@Dependency(\.uuid)`,
/// and placing the order answers, a second later, with an order id the effect takes from the same
/// dependency. Its variant makes both ids with `UUID()`, bypassing the dependency: today's code
/// changed so that the items differ from the first action on.
@Reducer
struct Checkout {
  enum Variant: Sendable {
    case original
    /// Item and order ids come from `UUID()`, not the dependency.
    case makesIDsWithoutTheDependency
  }

  struct Item: Codable, Equatable, Identifiable, Sendable {
    var id: UUID
    var name: String
  }

  @ObservableState
  struct State: Codable, Equatable, Sendable {
    var items: [Item] = []
    var isPlacing = false
    var orderID: UUID?
  }

  enum Action: Codable, Equatable, Sendable {
    case addItem(String)
    case placeOrderTapped
    case orderPlaced(UUID)
  }

  var variant = Variant.original

  @Dependency(\.uuid) var uuid
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .addItem(name):
        let id = self.variant == .original ? self.uuid() : UUID()
        state.items.append(Item(id: id, name: name))
        return .none
      case .placeOrderTapped:
        state.isPlacing = true
        return .run { [variant] send in
          try await self.clock.sleep(for: .seconds(1))
          await send(.orderPlaced(variant == .original ? self.uuid() : UUID()))
        }
      case let .orderPlaced(id):
        state.isPlacing = false
        state.orderID = id
        return .none
      }
    }
  }
}

/// Records three items added and an order placed, with random UUIDs (so only a replay that hands
/// back the recorded ones can match), on a test clock.
@MainActor
func recordCheckout(at path: String) async throws {
  try await record(Checkout(), from: Checkout.State(), at: path) {
    $0.uuid = .init { UUID() }
  } _: { store, clock in
    for name in ["tea", "scones", "jam"] { store.send(.addItem(name)) }
    let order = store.send(.placeOrderTapped)
    await clock.advance(by: .seconds(1))
    await order.finish()
  }
}
