/// The header of a trace: what was recorded, by what, how, and how the recording ended.
public struct TraceHeader: Hashable, Sendable {
  public var schemaVersion: Int
  public var recorderVersion: String
  /// The root feature's `State` and `Action` type names.
  public var stateType: String
  public var actionType: String
  /// Wall-clock start of the recording, ISO 8601.
  public var startedAt: String
  /// A full state snapshot is stored every this many actions.
  public var keyframeInterval: Int
  /// The recorder's options (deny-list, redactions, memory cap).
  public var options: Options
  /// Whether the recorder finished and flushed everything. A crashed or killed recording says
  /// `false` with no end reason.
  public var finishedCleanly: Bool
  /// Why the recording ended (`finished`, or the write error that stopped it).
  public var endReason: String?
  /// Monotonic time of the end, in nanoseconds since the recording started.
  public var endedNanoseconds: Int64?

  public init(
    schemaVersion: Int = TraceSchema.version, recorderVersion: String, stateType: String,
    actionType: String, startedAt: String, keyframeInterval: Int, options: Options,
    finishedCleanly: Bool = false, endReason: String? = nil, endedNanoseconds: Int64? = nil
  ) {
    self.schemaVersion = schemaVersion
    self.recorderVersion = recorderVersion
    self.stateType = stateType
    self.actionType = actionType
    self.startedAt = startedAt
    self.keyframeInterval = keyframeInterval
    self.options = options
    self.finishedCleanly = finishedCleanly
    self.endReason = endReason
    self.endedNanoseconds = endedNanoseconds
  }
}

/// One action the store received, as recorded.
public struct ActionRecord: Hashable, Sendable {
  /// Where an action came from.
  public enum Origin: Hashable, Sendable {
    case send
    case effect(Int64)
  }

  /// The store's sequence number; actions left out by the deny-list leave gaps.
  public var seq: Int64
  public var origin: Origin
  /// The case path of the action: `todos.element.toggleCompleted`.
  public var name: String
  /// The action's payload, reflected; `nil` when the case has none.
  public var payload: TraceValue?
  /// When the reducer started, in nanoseconds since the recording started (monotonic).
  public var startNanoseconds: Int64
  /// How long the root reducer ran.
  public var durationNanoseconds: Int64
  public var stateChanged: Bool
  /// A hash of the state after the action (see the recorder for how it is chained).
  public var stateHash: Int64
  /// The state change, as path-level operations; empty when nothing changed.
  public var diff: [DiffOperation]
  /// `diff` already encoded as JSON, when the writer's caller has it (the recorder hashes it);
  /// the writer then stores it as is instead of encoding again.
  public var encodedDiff: String?

  public init(
    seq: Int64, origin: Origin, name: String, payload: TraceValue?, startNanoseconds: Int64,
    durationNanoseconds: Int64, stateChanged: Bool, stateHash: Int64, diff: [DiffOperation],
    encodedDiff: String? = nil
  ) {
    self.seq = seq
    self.origin = origin
    self.name = name
    self.payload = payload
    self.startNanoseconds = startNanoseconds
    self.durationNanoseconds = durationNanoseconds
    self.stateChanged = stateChanged
    self.stateHash = stateHash
    self.diff = diff
    self.encodedDiff = encodedDiff
  }
}

/// A full state snapshot after action `seq` (0: the initial state).
public struct KeyframeRecord: Hashable, Sendable {
  public var seq: Int64
  public var state: TraceValue
  /// The exact `Codable` encoding (JSON) when the state is `Codable`, so replay can start here.
  public var codable: [UInt8]?

  public init(seq: Int64, state: TraceValue, codable: [UInt8]?) {
    self.seq = seq
    self.state = state
    self.codable = codable
  }
}

/// An effect as it started.
public struct EffectStartRecord: Hashable, Sendable {
  public var id: Int64
  public var actionSeq: Int64
  /// Whether it sends one action, runs work, or keeps a presented child alive.
  public var kind: EffectKind
  public var name: String?
  public var cancelIDs: [String]
  /// `file:line` of the `.run` call.
  public var location: String?
  public var startNanoseconds: Int64

  public init(
    id: Int64, actionSeq: Int64, kind: EffectKind, name: String?, cancelIDs: [String],
    location: String?, startNanoseconds: Int64
  ) {
    self.id = id
    self.actionSeq = actionSeq
    self.kind = kind
    self.name = name
    self.cancelIDs = cancelIDs
    self.location = location
    self.startNanoseconds = startNanoseconds
  }
}

/// How an effect ended.
public struct EffectEndRecord: Hashable, Sendable {
  public var id: Int64
  public var endNanoseconds: Int64
  /// Finished, cancelled (and why) or failed (and with what).
  public var outcome: Outcome
  public var actionsSent: Int64

  public init(id: Int64, endNanoseconds: Int64, outcome: Outcome, actionsSent: Int64) {
    self.id = id
    self.endNanoseconds = endNanoseconds
    self.outcome = outcome
    self.actionsSent = actionsSent
  }

  /// Why the effect was cancelled, when it was.
  public var reason: CancellationReason? { self.outcome.reason }

  /// The error the effect failed with, when it failed.
  public var error: String? { self.outcome.error }
}

/// An effect with its start and, once it ended, its end.
public struct EffectRow: Hashable, Sendable {
  public var start: EffectStartRecord
  public var end: EffectEndRecord?

  public init(start: EffectStartRecord, end: EffectEndRecord?) {
    self.start = start
    self.end = end
  }
}

/// Time spent in one child scope (`Scope`, `ifLet`, `forEach`) while reducing one action.
public struct ScopeRecord: Hashable, Sendable {
  public var actionSeq: Int64
  /// The scope's path from the root: `todos/todos[id: 3]`.
  public var path: String
  /// Time in the scope's own reducers, without its child scopes.
  public var selfNanoseconds: Int64
  /// Time in the scope including its child scopes.
  public var totalNanoseconds: Int64
  /// How many times the scope ran for the action.
  public var calls: Int64

  public init(
    actionSeq: Int64, path: String, selfNanoseconds: Int64, totalNanoseconds: Int64, calls: Int64
  ) {
    self.actionSeq = actionSeq
    self.path = path
    self.selfNanoseconds = selfNanoseconds
    self.totalNanoseconds = totalNanoseconds
    self.calls = calls
  }
}

/// What one write transaction adds to a trace.
public struct TraceBatch: Sendable {
  public var actions: [ActionRecord] = []
  public var keyframes: [KeyframeRecord] = []
  public var effectStarts: [EffectStartRecord] = []
  public var effectEnds: [EffectEndRecord] = []
  public var scopes: [ScopeRecord] = []
  /// Counts to add to the things not captured, by reason.
  public var notCaptured: [NotCapturedReason: Int64] = [:]

  public init() {}

  public var isEmpty: Bool {
    actions.isEmpty && keyframes.isEmpty && effectStarts.isEmpty && effectEnds.isEmpty
      && scopes.isEmpty && notCaptured.isEmpty
  }
}
