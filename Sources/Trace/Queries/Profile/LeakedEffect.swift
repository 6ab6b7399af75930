/// An effect with no end in a trace: a leak when the recording finished cleanly, else one that
/// had not ended yet when the recording stopped.
///
/// ```swift
/// let running = try trace.runningEffects(limit: 100)
/// running.first.map(\.label)  // ["Timer.swift:12"]
/// ```
public struct LeakedEffect: Hashable, Sendable {
  /// The store's effect number.
  public var id: Int64
  /// The action whose reducer started it.
  public var actionSeq: Int64
  /// The case path of that action.
  public var actionName: String
  /// The `.run(name:)`, if it had one.
  public var name: String?
  /// `file:line` of the `.run`.
  public var location: String?
  /// Its kind.
  public var kind: EffectKind
  /// The ids it can be cancelled with, innermost first.
  public var cancelIDs: [String]
  /// When it started, from the start of the recording (JSON `startNs`).
  public var start: Duration
  /// The trace it is in, in a profile over several traces; `nil` in a profile of one.
  public var trace: String?

  /// An effect from its fields.
  public init(
    id: Int64, actionSeq: Int64, actionName: String, name: String?, location: String?,
    kind: EffectKind, cancelIDs: [String], start: Duration, trace: String? = nil
  ) {
    self.id = id
    self.actionSeq = actionSeq
    self.actionName = actionName
    self.name = name
    self.location = location
    self.kind = kind
    self.cancelIDs = cancelIDs
    self.start = start
    self.trace = trace
  }

  /// What the effect is called in reports and baselines: its name, else location, else kind.
  public var label: String { name ?? location ?? kind.rawValue }
}

extension LeakedEffect: Codable {
  enum CodingKeys: String, CodingKey {
    case id, actionSeq, actionName, name, location, kind, cancelIDs, trace
    case start = "startNs"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(Int64.self, forKey: .id),
      actionSeq: try container.decode(Int64.self, forKey: .actionSeq),
      actionName: try container.decode(String.self, forKey: .actionName),
      name: try container.decodeIfPresent(String.self, forKey: .name),
      location: try container.decodeIfPresent(String.self, forKey: .location),
      kind: try container.decodeEffectKind(forKey: .kind),
      cancelIDs: try container.decode([String].self, forKey: .cancelIDs),
      start: try container.decodeNanoseconds(forKey: .start),
      trace: try container.decodeIfPresent(String.self, forKey: .trace))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.id, forKey: .id)
    try container.encode(self.actionSeq, forKey: .actionSeq)
    try container.encode(self.actionName, forKey: .actionName)
    try container.encodeIfPresent(self.name, forKey: .name)
    try container.encodeIfPresent(self.location, forKey: .location)
    try container.encode(self.kind.rawValue, forKey: .kind)
    try container.encode(self.cancelIDs, forKey: .cancelIDs)
    try container.encode(nanoseconds: self.start, forKey: .start)
    try container.encodeIfPresent(self.trace, forKey: .trace)
  }
}
