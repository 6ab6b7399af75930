import ComposableRuntime
import Foundation

/// A trip planner whose effect plans a round trip: after a wait on `\.continuousClock` it reads
/// `\.uuid` twice (an id for each leg) and `\.date` once, and sends the trip back. Its generated
/// test must name the ids and the date it writes more than once (`let id1 = …`), and say above the
/// action the effect sent back what the effect read.
@Reducer
public struct Itinerary: Sendable {
  @ObservableState
  public struct State: Codable, Equatable, Sendable {
    public var legs: IdentifiedArrayOf<Leg> = []
    public var plannedAt: Date?

    public init() {}
  }

  /// One way of a trip.
  public struct Leg: Codable, Equatable, Identifiable, Sendable {
    public var id: UUID
    public var from: String
    public var to: String
  }

  /// The legs the effect planned, and when.
  public struct Trip: Codable, Equatable, Sendable {
    public var legs: [Leg]
    public var plannedAt: Date
  }

  public enum Action: Codable, Equatable, Sendable {
    case roundTripTapped(from: String, to: String)
    case roundTripPlanned(Trip)
    case legRemoved(UUID)
  }

  @Dependency(\.uuid) var uuid
  @Dependency(\.date) var date
  @Dependency(\.continuousClock) var clock

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .roundTripTapped(from, to):
        return .run { send in
          try await self.clock.sleep(for: .milliseconds(250))
          let out = Leg(id: self.uuid(), from: from, to: to)
          let back = Leg(id: self.uuid(), from: to, to: from)
          await send(.roundTripPlanned(Trip(legs: [out, back], plannedAt: self.date.now)))
        }
      case let .roundTripPlanned(trip):
        state.legs.append(contentsOf: trip.legs)
        state.plannedAt = trip.plannedAt
        return .none
      case let .legRemoved(id):
        state.legs.remove(id: id)
        return .none
      }
    }
  }
}
