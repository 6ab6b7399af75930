import InstrumentationValues
import Trace

// The runtime's instrumentation values as a trace stores them. Spelled out case by case: the
// trace's stored spellings must not follow a rename in the runtime.

extension EffectKind {
  package init(_ kind: EffectStart.Kind) {
    switch kind {
    case .send: self = .send
    case .run: self = .run
    case .presentation: self = .presentation
    }
  }
}

extension EffectEndRecord.Outcome {
  package init(_ outcome: EffectOutcome) {
    switch outcome {
    case .finished: self = .finished
    case let .cancelled(reason): self = .cancelled(EffectEndRecord.CancellationReason(reason))
    case let .failed(error): self = .failed(error: String(reflecting: error))
    }
  }
}

extension EffectEndRecord.CancellationReason {
  package init(_ reason: InstrumentationValues.CancellationReason) {
    switch reason {
    case let .cancelID(id): self = .cancelID(String(describing: id.base))
    case let .cancelInFlight(id): self = .cancelInFlight(String(describing: id.base))
    case .dismissed: self = .parentDismissed
    case .storeReleased: self = .storeReleased
    case .storeTaskCancelled: self = .storeTaskCancelled
    case .threwCancellationError: self = .threwCancellationError
    }
  }
}
