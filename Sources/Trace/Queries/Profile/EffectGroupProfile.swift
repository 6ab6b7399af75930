/// One row of the profile's effect table: the effects of one `.run(name:)`, one `.run` location
/// or one kind; how many, how long they lived, how they ended and what they sent.
///
/// Counts are keyed by the typed outcome and cancellation reason; the JSON keys them by their
/// text as before (`"cancelled"`, `"cancel(id: timer)"`).
///
/// ```swift
/// for group in try trace.effectGroups() where group.outcomes[.cancelled, default: 0] > 0 {
///   print(group.name, group.cancellationReasons)
/// }
/// ```
public struct EffectGroupProfile: Hashable, Sendable {
  /// The `.run(name:)`, else `file:line`, else the kind.
  public var name: String
  /// Their kind.
  public var kind: EffectKind
  /// How many started.
  public var count: Int
  /// Median lifetime of those that ended (nearest rank).
  public var lifetimeP50: Duration?
  /// 95th percentile lifetime of those that ended.
  public var lifetimeP95: Duration?
  /// The longest lifetime of those that ended.
  public var lifetimeMax: Duration?
  /// How many ended each way.
  public var outcomes: [EffectEndRecord.Outcome.Spelling: Int]
  /// How many never ended.
  public var running: Int
  /// How many were cancelled, by reason.
  public var cancellationReasons: [EffectEndRecord.CancellationReason: Int]
  /// Actions they sent back, in all.
  public var actionsSent: Int64

  /// A row from its fields.
  public init(
    name: String, kind: EffectKind, count: Int, lifetimeP50: Duration?, lifetimeP95: Duration?,
    lifetimeMax: Duration?, outcomes: [EffectEndRecord.Outcome.Spelling: Int], running: Int,
    cancellationReasons: [EffectEndRecord.CancellationReason: Int], actionsSent: Int64
  ) {
    self.name = name
    self.kind = kind
    self.count = count
    self.lifetimeP50 = lifetimeP50
    self.lifetimeP95 = lifetimeP95
    self.lifetimeMax = lifetimeMax
    self.outcomes = outcomes
    self.running = running
    self.cancellationReasons = cancellationReasons
    self.actionsSent = actionsSent
  }
}

extension EffectGroupProfile: Codable {
  enum CodingKeys: String, CodingKey {
    case name, kind, count, outcomes, running, cancellationReasons, actionsSent
    case lifetimeP50 = "lifetimeP50Ns"
    case lifetimeP95 = "lifetimeP95Ns"
    case lifetimeMax = "lifetimeMaxNs"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let outcomes = try container.decode([String: Int].self, forKey: .outcomes)
    let reasons = try container.decode([String: Int].self, forKey: .cancellationReasons)
    self.init(
      name: try container.decode(String.self, forKey: .name),
      kind: try container.decodeEffectKind(forKey: .kind),
      count: try container.decode(Int.self, forKey: .count),
      lifetimeP50: try container.decodeNanosecondsIfPresent(forKey: .lifetimeP50),
      lifetimeP95: try container.decodeNanosecondsIfPresent(forKey: .lifetimeP95),
      lifetimeMax: try container.decodeNanosecondsIfPresent(forKey: .lifetimeMax),
      outcomes: try Self.keyed(outcomes, forKey: .outcomes, in: container) {
        EffectEndRecord.Outcome.Spelling(rawValue: $0)
      },
      running: try container.decode(Int.self, forKey: .running),
      cancellationReasons: try Self.keyed(reasons, forKey: .cancellationReasons, in: container) {
        EffectEndRecord.CancellationReason(version1Prose: $0)
      },
      actionsSent: try container.decode(Int64.self, forKey: .actionsSent))
  }

  /// `counts` keyed by what `read` makes of each key's text; an error for text it cannot read.
  private static func keyed<Key: Hashable>(
    _ counts: [String: Int], forKey key: CodingKeys,
    in container: KeyedDecodingContainer<CodingKeys>,
    _ read: (String) -> Key?
  ) throws -> [Key: Int] {
    var keyed: [Key: Int] = [:]
    for (text, count) in counts {
      guard let typed = read(text) else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container, debugDescription: "expected a known key, found '\(text)'")
      }
      keyed[typed, default: 0] += count
    }
    return keyed
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.name, forKey: .name)
    try container.encode(self.kind.rawValue, forKey: .kind)
    try container.encode(self.count, forKey: .count)
    try container.encodeIfPresent(nanoseconds: self.lifetimeP50, forKey: .lifetimeP50)
    try container.encodeIfPresent(nanoseconds: self.lifetimeP95, forKey: .lifetimeP95)
    try container.encodeIfPresent(nanoseconds: self.lifetimeMax, forKey: .lifetimeMax)
    // NB: Keyed by the text the JSON has always had: the stored outcome, the reason's display
    // text (the same text whatever schema version stored it).
    try container.encode(
      Dictionary(uniqueKeysWithValues: self.outcomes.map { ($0.key.rawValue, $0.value) }),
      forKey: .outcomes)
    try container.encode(self.running, forKey: .running)
    try container.encode(
      Dictionary(
        self.cancellationReasons.map { ($0.key.description, $0.value) }, uniquingKeysWith: +),
      forKey: .cancellationReasons)
    try container.encode(self.actionsSent, forKey: .actionsSent)
  }
}

extension KeyedDecodingContainer {
  /// Reads an effect kind written as its stored spelling (`run`, `send`, `presentation`).
  func decodeEffectKind(forKey key: Key) throws -> EffectKind {
    let text = try self.decode(String.self, forKey: key)
    guard let kind = EffectKind(rawValue: text) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self,
        debugDescription: "expected run, send or presentation, found '\(text)'")
    }
    return kind
  }

  /// Reads an effect outcome written as its stored spelling, `nil` when the key is missing.
  func decodeOutcomeIfPresent(forKey key: Key) throws -> EffectEndRecord.Outcome.Spelling? {
    guard let text = try self.decodeIfPresent(String.self, forKey: key) else { return nil }
    guard let outcome = EffectEndRecord.Outcome.Spelling(rawValue: text) else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: self,
        debugDescription: "expected finished, cancelled or failed, found '\(text)'")
    }
    return outcome
  }
}
