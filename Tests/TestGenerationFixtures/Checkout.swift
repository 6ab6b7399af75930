import ComposableRuntime
import Foundation

/// A checkout as an app team writes it, for sessions recorded on a real `ContinuousClock`: a
/// cart, a coupon validated after a debounce that does not cancel the one in flight (typing fast
/// overlaps two), a payment client that answers after a delay, a retry timer after a declined
/// payment, and a sync that captures the total when it starts and answers at a deadline.
///
/// NB: The sync's bug, for shrinking: it reports the total it captured, so `syncedTotal` can
/// exceed what a cart allows (`syncedTotal > 1000`).
@Reducer
public struct Checkout: Sendable {
  @ObservableState
  public struct State: Codable, Equatable, Sendable {
    public var totalCents = 0
    public var coupon = ""
    public var discountPercent = 0
    public var note = ""
    public var payment = Payment.idle
    public var retries = 0
    public var syncedTotal: Int?

    public init() {}
  }

  /// Where the payment is.
  public enum Payment: String, Codable, Equatable, Sendable {
    case idle, processing, declined, paid
  }

  public enum Action: Codable, Equatable, Sendable {
    case add(Int)
    case noteChanged(String)
    case couponChanged(String)
    case couponValidated(code: String, percent: Int)
    case payTapped
    case paymentAnswered(approved: Bool)
    case retryTicked
    case syncTapped
    case synced(Int)
  }

  enum CancelID { case retry }

  @Dependency(\.continuousClock) var clock
  @Dependency(Checkout.PaymentClient.self) var payments

  /// How long coupon typing settles before it is validated.
  public static let debounce = Duration.milliseconds(380)
  /// How often a declined payment's retry timer ticks.
  public static let retryInterval = Duration.milliseconds(250)
  /// How long the sync takes, to its deadline.
  public static let syncTime = Duration.milliseconds(150)

  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .add(cents):
        state.totalCents += cents
        return .none
      case let .noteChanged(note):
        state.note = note
        return .none
      case let .couponChanged(code):
        state.coupon = code
        return .run { send in
          try await self.clock.sleep(for: Self.debounce)
          await send(.couponValidated(code: code, percent: code.count >= 4 ? 20 : 0))
        }
      case let .couponValidated(code, percent):
        guard code == state.coupon else { return .none }
        state.discountPercent = percent
        return .none
      case .payTapped:
        state.payment = .processing
        return .run { [total = state.totalCents, payments] send in
          await send(.paymentAnswered(approved: try await payments.charge(total)))
        }
      case let .paymentAnswered(approved):
        guard !approved else {
          state.payment = .paid
          return .cancel(id: CancelID.retry)
        }
        state.payment = .declined
        return .run { send in
          for await _ in self.clock.timer(interval: Self.retryInterval) {
            await send(.retryTicked)
          }
        }
        .cancellable(id: CancelID.retry, cancelInFlight: true)
      case .retryTicked:
        state.retries += 1
        guard state.retries >= 2 else { return .none }
        return .merge(.cancel(id: CancelID.retry), .send(.payTapped))
      case .syncTapped:
        return .run { [total = state.totalCents] send in
          try await Self.sleep(on: self.clock, until: Self.syncTime)
          await send(.synced(total))
        }
      case let .synced(total):
        state.syncedTotal = total
        return .none
      }
    }
  }
}

extension Checkout {
  /// Sleeps until a deadline `duration` from the clock's `now` (a deadline, not a duration, as
  /// a sync that must finish by a time would ask).
  static func sleep<C: Clock<Duration>>(on clock: C, until duration: Duration) async throws {
    try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil)
  }

  /// Charges a card: declines the first charge it is asked for, approves the rest, after a
  /// delay on the app's clock.
  public struct PaymentClient: DependencyKey, Sendable {
    public var charge: @Sendable (_ cents: Int) async throws -> Bool

    public static var liveValue: Self {
      let attempts = LockIsolated(0)
      return Self { _ in
        @Dependency(\.continuousClock) var clock
        try await clock.sleep(for: .milliseconds(200))
        return attempts.withValue {
          $0 += 1
          return $0 > 1
        }
      }
    }

    public static var testValue: Self { liveValue }
  }
}
