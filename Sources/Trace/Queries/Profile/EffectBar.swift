/// One effect's life on a timeline: when it started and ended, and how.
///
/// The profile's timeline and the Chrome trace export both draw these.
///
/// ```swift
/// for bar in try trace.longestEffects(limit: 200, end: .seconds(60)) where bar.end == nil {
///   print("\(bar.name) never ended")
/// }
/// ```
public struct EffectBar: Hashable, Sendable {
  /// The store's effect number.
  public var id: Int64
  /// The action whose reducer started it.
  public var actionSeq: Int64
  /// Its name, else location, else kind.
  public var name: String
  /// Its kind.
  public var kind: EffectKind
  /// How it ended; `nil` while it never did.
  public var outcome: EffectEndRecord.Outcome.Spelling?
  /// When it started, from the start of the recording (JSON `startNs`).
  public var start: Duration
  /// When it ended; `nil` when it never did (JSON `endNs`).
  public var end: Duration?

  /// A bar from its fields.
  public init(
    id: Int64, actionSeq: Int64, name: String, kind: EffectKind,
    outcome: EffectEndRecord.Outcome.Spelling?, start: Duration, end: Duration?
  ) {
    self.id = id
    self.actionSeq = actionSeq
    self.name = name
    self.kind = kind
    self.outcome = outcome
    self.start = start
    self.end = end
  }
}

extension EffectBar: Codable {
  enum CodingKeys: String, CodingKey {
    case id, actionSeq, name, kind, outcome
    case start = "startNs"
    case end = "endNs"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decode(Int64.self, forKey: .id),
      actionSeq: try container.decode(Int64.self, forKey: .actionSeq),
      name: try container.decode(String.self, forKey: .name),
      kind: try container.decodeEffectKind(forKey: .kind),
      outcome: try container.decodeOutcomeIfPresent(forKey: .outcome),
      start: try container.decodeNanoseconds(forKey: .start),
      end: try container.decodeNanosecondsIfPresent(forKey: .end))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.id, forKey: .id)
    try container.encode(self.actionSeq, forKey: .actionSeq)
    try container.encode(self.name, forKey: .name)
    try container.encode(self.kind.rawValue, forKey: .kind)
    try container.encodeIfPresent(self.outcome?.rawValue, forKey: .outcome)
    try container.encode(nanoseconds: self.start, forKey: .start)
    try container.encodeIfPresent(nanoseconds: self.end, forKey: .end)
  }
}
