/// The effects of one `.run(name:)`, one `.run` location or one kind: how many, how long they
/// lived, how they ended and what they sent.
public struct EffectStatistics: Hashable, Sendable {
  /// The effect's name, else its `file:line`, else its kind.
  public var key: String
  /// Their kind, as stored (see ``EffectSpelling/Kind``).
  public var kind: String
  public var count: Int
  /// Lifetimes of the effects that ended: nearest-rank p50 and p95, and the longest.
  public var lifetimeP50Nanoseconds: Int64?
  public var lifetimeP95Nanoseconds: Int64?
  public var lifetimeMaxNanoseconds: Int64?
  /// How many ended each way, by stored outcome (see ``EffectSpelling/Outcome``).
  public var outcomes: [String: Int]
  /// How many were cancelled for each stored reason.
  public var cancellationReasons: [String: Int]
  /// How many never ended.
  public var running: Int
  /// Actions they sent back, in all.
  public var actionsSent: Int64

  /// Creates the record from its fields.
  public init(
    key: String, kind: String, count: Int, lifetimeP50Nanoseconds: Int64?,
    lifetimeP95Nanoseconds: Int64?, lifetimeMaxNanoseconds: Int64?, outcomes: [String: Int],
    cancellationReasons: [String: Int], running: Int, actionsSent: Int64
  ) {
    self.key = key
    self.kind = kind
    self.count = count
    self.lifetimeP50Nanoseconds = lifetimeP50Nanoseconds
    self.lifetimeP95Nanoseconds = lifetimeP95Nanoseconds
    self.lifetimeMaxNanoseconds = lifetimeMaxNanoseconds
    self.outcomes = outcomes
    self.cancellationReasons = cancellationReasons
    self.running = running
    self.actionsSent = actionsSent
  }
}

/// An effect with no end in the trace.
public struct RunningEffect: Hashable, Sendable {
  public var id: Int64
  public var actionSeq: Int64
  /// The case path of the action that started it.
  public var actionName: String
  public var kind: String
  public var name: String?
  public var location: String?
  public var cancelIDs: [String]
  public var startNanoseconds: Int64

  /// Creates the record from its fields.
  public init(
    id: Int64, actionSeq: Int64, actionName: String, kind: String, name: String?,
    location: String?, cancelIDs: [String], startNanoseconds: Int64
  ) {
    self.id = id
    self.actionSeq = actionSeq
    self.actionName = actionName
    self.kind = kind
    self.name = name
    self.location = location
    self.cancelIDs = cancelIDs
    self.startNanoseconds = startNanoseconds
  }
}

/// An action and how many effects its reducer started.
public struct EffectFanOut: Hashable, Sendable {
  public var actionSeq: Int64
  public var actionName: String
  public var effects: Int

  /// Creates the record from its fields.
  public init(actionSeq: Int64, actionName: String, effects: Int) {
    self.actionSeq = actionSeq
    self.actionName = actionName
    self.effects = effects
  }
}

/// A `.send` effect whose action changed the state of the feature that sent it: logic shared
/// between cases through the store rather than a mutating helper.
public struct SharedLogicSend: Hashable, Sendable {
  /// The action that returned `.send`, and the action sent.
  public var fromName: String
  public var sentName: String
  public var count: Int
  /// Sequence numbers of sent actions (at most the limit asked for).
  public var seqs: [Int64]

  /// Creates the record from its fields.
  public init(fromName: String, sentName: String, count: Int, seqs: [Int64]) {
    self.fromName = fromName
    self.sentName = sentName
    self.count = count
    self.seqs = seqs
  }
}

/// Actions addressed to a child (`presented`, `element`) that an effect sent and that changed
/// nothing: the child's state was most likely gone.
public struct OrphanedChildActions: Hashable, Sendable {
  public var name: String
  public var count: Int
  public var seqs: [Int64]

  /// Creates the record from its fields.
  public init(name: String, count: Int, seqs: [Int64]) {
    self.name = name
    self.count = count
    self.seqs = seqs
  }
}

/// One effect's life for a timeline: when it started and ended (`nil`: never).
public struct EffectSpan: Hashable, Sendable {
  public var id: Int64
  public var actionSeq: Int64
  public var label: String
  public var kind: String
  public var outcome: String?
  public var startNanoseconds: Int64
  public var endNanoseconds: Int64?

  /// Creates the record from its fields.
  public init(
    id: Int64, actionSeq: Int64, label: String, kind: String, outcome: String?,
    startNanoseconds: Int64, endNanoseconds: Int64?
  ) {
    self.id = id
    self.actionSeq = actionSeq
    self.label = label
    self.kind = kind
    self.outcome = outcome
    self.startNanoseconds = startNanoseconds
    self.endNanoseconds = endNanoseconds
  }
}
