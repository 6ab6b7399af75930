import ComposableRuntime
import Foundation
import Recorder

/// A checkout session as a person runs it, on whatever clock `store` has (a real
/// `ContinuousClock` in the tests that record it): two coupon edits 100 ms apart, so their
/// debounces overlap, a note, a payment that is declined, retried on a timer and approved, and a
/// sync. It waits, in real time, for what each step's effects send back.
public enum CheckoutSession {
  /// How long to wait, in real time, for an effect's answer before giving up.
  public static let patience = Duration.seconds(20)

  /// Records the session on a real `ContinuousClock` into a new trace at `path`.
  @MainActor
  public static func record(to path: String) async throws {
    let recorder = try Recorder(path: path)
    let store = Store(initialState: Checkout.State()) {
      Checkout().record(to: recorder)
    } withDependencies: {
      $0.continuousClock = ContinuousClock()
    }
    try await self.drive(store)
    await recorder.finish()
  }

  @MainActor
  public static func drive(_ store: StoreOf<Checkout>) async throws {
    store.send(.add(1_200))
    store.send(.add(800))
    store.send(.couponChanged("SA"))
    try await Task.sleep(for: .milliseconds(100))
    store.send(.couponChanged("SAVE"))
    try await self.until(store) { $0.discountPercent == 20 }
    store.send(.noteChanged("Leave at the door"))
    store.send(.payTapped)
    try await self.until(store) { $0.payment == .paid }
    store.send(.syncTapped)
    try await self.until(store) { $0.syncedTotal != nil }
  }

  /// Waits until `condition` holds of the store's state, polling every 10 ms.
  @MainActor
  public static func until(
    _ store: StoreOf<Checkout>, _ condition: (Checkout.State) -> Bool
  ) async throws {
    let deadline = ContinuousClock.now.advanced(by: self.patience)
    while !condition(store.state) {
      guard ContinuousClock.now < deadline else {
        throw CheckoutSessionTimedOut()
      }
      try await Task.sleep(for: .milliseconds(10))
    }
  }
}

/// The session waited longer than ``CheckoutSession/patience`` for an effect.
public struct CheckoutSessionTimedOut: Error, CustomStringConvertible {
  public var description: String { "the checkout session waited too long for an effect" }
}
