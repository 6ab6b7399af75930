import ConcurrencyExtras

/// How an effect ended. A store reports exactly one outcome per effect.
///
/// NB: TCA's signposts end a cancelled `.run` effect as both "Cancelled" and "Finished", and report
/// cancellation by id as a normal finish. This runtime cancels effects itself, so it knows which
/// effects it cancelled and why, and reports one outcome.
public enum EffectOutcome: Sendable, CustomStringConvertible {
  /// The effect's work returned normally.
  case finished
  /// The store cancelled the effect before its work returned.
  case cancelled(CancellationReason)
  /// The effect's work threw an error other than `CancellationError`. Any `catch` handler ran.
  case failed(any Error)

  public var description: String {
    switch self {
    case .finished: "finished"
    case let .cancelled(reason): "cancelled (\(reason))"
    case let .failed(error): "failed (\(String(reflecting: error)))"
    }
  }
}

extension EffectOutcome: Equatable {
  /// Outcomes are equal when their cases and reasons are; failures compare their errors' reflected
  /// descriptions, since errors are not `Equatable`.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case (.finished, .finished): true
    case let (.cancelled(lhs), .cancelled(rhs)): lhs == rhs
    case let (.failed(lhs), .failed(rhs)): String(reflecting: lhs) == String(reflecting: rhs)
    default: false
    }
  }
}

/// Why a store cancelled an effect.
public enum CancellationReason: Hashable, Sendable, CustomStringConvertible {
  /// An `Effect.cancel(id:)` with this id.
  case cancelID(AnyHashableSendable)
  /// A newer effect with this id and `cancelInFlight: true` started.
  case cancelInFlight(AnyHashableSendable)
  /// The parent removed the child feature that started the effect (set it to `nil`, removed its
  /// element, or popped it).
  case dismissed
  /// The store that ran the effect was released.
  case storeReleased
  /// The task returned by `store.send(_:)` for the action behind the effect was cancelled.
  case storeTaskCancelled
  /// The effect's own work threw `CancellationError` without the store cancelling it.
  case threwCancellationError

  public var description: String {
    switch self {
    case let .cancelID(id): "cancel(id: \(String(describing: id.base)))"
    case let .cancelInFlight(id): "cancelInFlight (id: \(String(describing: id.base)))"
    case .dismissed: "parent dismissed"
    case .storeReleased: "store released"
    case .storeTaskCancelled: "store task cancelled"
    case .threwCancellationError: "threw CancellationError"
    }
  }
}
