import InstrumentationValues
import EventReflection

/// What the store's thread hands the recorder's worker.
///
/// NB: Not generic over the store's types on purpose: the recorder's code is not specialized for
/// the app's types, and every generic type built from them costs a metadata look-up per use on
/// the hot path. Values travel as `Any`; the worker only reflects and compares them anyway.
enum RecorderEvent {
  case action(ActionEvent)
  /// An effect started, at a ``TickClock`` reading.
  case effectStarted(EffectStart, at: UInt64)
  /// An effect ended, at a ``TickClock`` reading.
  case effectEnded(EffectID, EffectOutcome, at: UInt64)
  /// What an action's reducer returned, as one effect, started: how the reducer operator sees
  /// effects (TCA's public API shows neither their kind nor their parts).
  case effectReturned(EffectID, by: ActionID, at: UInt64)
  /// An effect ended whose outcome its way in could not see: only whether its task was
  /// cancelled as a whole.
  case effectEndedUnseen(EffectID, taskCancelled: Bool, at: UInt64)
  /// A non-deterministic value the app read (from any thread).
  case dependency(DependencyRead)
  /// A shared value changed outside the store's reducer (from any thread), at a ``TickClock``
  /// reading.
  case sharedChanged(SharedChange, at: UInt64)
  /// Resumed once everything queued before it is committed.
  case barrier(Barrier)
}

/// A flush waiting for everything queued before it to be committed.
///
/// NB: A class around the continuation: `CheckedContinuation` is a type of the standard
/// library whose layout may change, and an enum holding it has a layout known only at run time,
/// so every event the store's thread made set its case through the runtime.
final class Barrier: Sendable {
  private let continuation: CheckedContinuation<Void, Never>

  init(_ continuation: CheckedContinuation<Void, Never>) {
    self.continuation = continuation
  }

  func resume() { self.continuation.resume() }
}

/// One reduced action: where it came from, when and how long its reducer ran (in ``TickClock``
/// ticks), and the time spent in each child scope. The action and the state after travel
/// beside it, in its payload slot (``ActionValues``).
struct ActionEvent {
  let id: ActionID
  let origin: ActionOrigin
  /// Where it was sent from; the worker turns it into text.
  let site: SendLocation?
  let startTicks: UInt64
  let durationTicks: Int64
  let scopes: ScopeTimings
  /// The shared values the reducer changed, in the order it changed them; usually none.
  var sharedChanges: [SharedChange] = []
  /// The state paths the reducer read, when the recorder takes reads.
  var reads: StateReadLog.Taken? = nil
  /// The app's clock when the reducer ran; unknown before the store's dependencies are wrapped.
  var clockTime = ActionClockTime.unknown
}

/// An action received and not yet reduced; the action itself waits beside it (see ``Books``).
struct PendingAction {
  let id: ActionID
  let origin: ActionOrigin
  let site: SendLocation?
}

/// The child scopes' timings of one action, in the order they returned.
///
/// NB: Most actions run in one child scope or none, and those travel without an array: an array
/// per action would be allocated on the store's thread and freed on the worker's.
enum ScopeTimings {
  case none
  case one(ScopeTiming)
  case many([ScopeTiming])

  mutating func append(_ timing: ScopeTiming) {
    switch consume self {
    case .none: self = .one(timing)
    case let .one(first): self = .many([first, timing])
    case var .many(timings):
      timings.append(timing)
      self = .many(timings)
    }
  }

  func forEach(_ body: (ScopeTiming) -> Void) {
    switch self {
    case .none: break
    case let .one(timing): body(timing)
    case let .many(timings): timings.forEach(body)
    }
  }
}

/// Time spent in one child scope while reducing one action, in ``TickClock`` ticks.
struct ScopeTiming {
  let path: ScopePath
  let selfTicks: Int64
  let totalTicks: Int64
}
