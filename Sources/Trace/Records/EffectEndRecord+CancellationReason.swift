extension EffectEndRecord {
  /// Why the store cancelled an effect, as a trace stores it.
  ///
  /// Stored as ``Spelling`` in `effects.reason`, with the cancel id, when there is one, in
  /// `effects.cancel_id`. ``description`` is the display text (`cancel(id: timer)`), which is what
  /// schema version 1 stored.
  public enum CancellationReason: Hashable, Sendable, CustomStringConvertible {
    /// An `Effect.cancel(id:)` with this id.
    case cancelID(String)
    /// A newer effect with this id and `cancelInFlight: true` started.
    case cancelInFlight(String)
    /// The parent removed the child feature that started the effect.
    case parentDismissed
    /// The store that ran the effect was released.
    case storeReleased
    /// The task returned by `store.send(_:)` for the action behind the effect was cancelled.
    case storeTaskCancelled
    /// The effect's own work threw `CancellationError` without the store cancelling it.
    case threwCancellationError
    /// The effect's task was cancelled as a whole (the store released, or the task of the send
    /// behind it cancelled); a recorder through TCA's public API cannot tell which. Schema 6 on.
    case taskCancelled

    /// The stored spelling of each reason. The raw values never change.
    public enum Spelling: String, Hashable, Sendable, CaseIterable {
      case cancelID = "cancel_id"
      case cancelInFlight = "cancel_in_flight"
      case parentDismissed = "parent_dismissed"
      case storeReleased = "store_released"
      case storeTaskCancelled = "store_task_cancelled"
      case threwCancellationError = "threw_cancellation_error"
      case taskCancelled = "task_cancelled"
    }

    /// The reason's stored spelling.
    public var spelling: Spelling {
      switch self {
      case .cancelID: .cancelID
      case .cancelInFlight: .cancelInFlight
      case .parentDismissed: .parentDismissed
      case .storeReleased: .storeReleased
      case .storeTaskCancelled: .storeTaskCancelled
      case .threwCancellationError: .threwCancellationError
      case .taskCancelled: .taskCancelled
      }
    }

    /// The cancel id, for ``cancelID(_:)`` and ``cancelInFlight(_:)``.
    public var cancelID: String? {
      switch self {
      case let .cancelID(id), let .cancelInFlight(id): id
      default: nil
      }
    }

    /// The reason with `spelling`, and `cancelID` for the two spellings that carry one; `nil`
    /// when a cancel id is missing.
    public init?(spelling: Spelling, cancelID: String?) {
      switch spelling {
      case .cancelID:
        guard let cancelID else { return nil }
        self = .cancelID(cancelID)
      case .cancelInFlight:
        guard let cancelID else { return nil }
        self = .cancelInFlight(cancelID)
      case .parentDismissed: self = .parentDismissed
      case .storeReleased: self = .storeReleased
      case .storeTaskCancelled: self = .storeTaskCancelled
      case .threwCancellationError: self = .threwCancellationError
      case .taskCancelled: self = .taskCancelled
      }
    }

    public var description: String {
      switch self {
      case let .cancelID(id): "cancel(id: \(id))"
      case let .cancelInFlight(id): "cancelInFlight (id: \(id))"
      case .parentDismissed: "parent dismissed"
      case .storeReleased: "store released"
      case .storeTaskCancelled: "store task cancelled"
      case .threwCancellationError: "threw CancellationError"
      case .taskCancelled: "its task was cancelled"
      }
    }
  }
}
