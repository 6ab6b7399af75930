extension EffectEndRecord {
  /// How an effect ended, as a trace stores it: exactly one outcome per effect.
  ///
  /// Stored as ``Spelling`` in `effects.outcome`, the reason of a cancellation in `reason` and
  /// `cancel_id`, the error of a failure in `error`. ``description`` is the display text.
  public enum Outcome: Hashable, Sendable, CustomStringConvertible {
    /// The effect's work returned normally.
    case finished
    /// The store cancelled the effect before its work returned.
    case cancelled(CancellationReason)
    /// The effect's work threw; the error as `String(reflecting:)` described it.
    case failed(error: String)
    /// The effect ended, and the recorder could not tell a finish from a cancellation by id:
    /// through TCA's public API the two end alike (``TraceHeader/RecordedBy/reducer``). Schema 6 on.
    case ended

    /// The stored spelling of each outcome. The raw values never change.
    public enum Spelling: String, Hashable, Sendable, CaseIterable {
      case finished = "finished"
      case cancelled = "cancelled"
      case failed = "failed"
      case ended = "ended"
    }

    /// The outcome's stored spelling.
    public var spelling: Spelling {
      switch self {
      case .finished: .finished
      case .cancelled: .cancelled
      case .failed: .failed
      case .ended: .ended
      }
    }

    /// Why the effect was cancelled, for ``cancelled(_:)``.
    public var reason: CancellationReason? {
      if case let .cancelled(reason) = self { reason } else { nil }
    }

    /// The error the effect failed with, for ``failed(error:)``.
    public var error: String? {
      if case let .failed(error) = self { error } else { nil }
    }

    public var description: String {
      switch self {
      case .finished: "finished"
      case let .cancelled(reason): "cancelled (\(reason))"
      case let .failed(error): "failed (\(error))"
      case .ended: "ended (finished or cancelled by id: the recorder could not tell)"
      }
    }
  }
}
