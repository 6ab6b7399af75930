import Trace

/// The trace a profile is of: where, how many actions over how long, and how it ended.
///
/// ```swift
/// let trace = profile.trace
/// print("\(trace.actions) actions over \(DurationText.text(trace.duration))")
/// ```
public struct ProfiledTrace: Hashable, Sendable {
  /// The trace file.
  public var path: String
  /// How many actions it recorded.
  public var actions: Int
  /// From the first action's start to the last one's end (JSON `durationNs`).
  public var duration: Duration
  /// Time in the root reducer over all actions (JSON `reducerNs`).
  public var reducerTime: Duration
  /// Whether the recording finished and flushed everything (`false` after a crash or kill).
  public var finishedCleanly: Bool
  /// How the recording ended (`finished`, or the error that stopped it).
  public var endReason: String?

  /// The trace from its fields.
  public init(
    path: String, actions: Int, duration: Duration, reducerTime: Duration, finishedCleanly: Bool,
    endReason: String?
  ) {
    self.path = path
    self.actions = actions
    self.duration = duration
    self.reducerTime = reducerTime
    self.finishedCleanly = finishedCleanly
    self.endReason = endReason
  }
}

extension ProfiledTrace: Codable {
  enum CodingKeys: String, CodingKey {
    case path, actions, finishedCleanly, endReason
    case duration = "durationNs"
    case reducerTime = "reducerNs"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      path: try container.decode(String.self, forKey: .path),
      actions: try container.decode(Int.self, forKey: .actions),
      duration: try container.decodeNanoseconds(forKey: .duration),
      reducerTime: try container.decodeNanoseconds(forKey: .reducerTime),
      finishedCleanly: try container.decode(Bool.self, forKey: .finishedCleanly),
      endReason: try container.decodeIfPresent(String.self, forKey: .endReason))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.path, forKey: .path)
    try container.encode(self.actions, forKey: .actions)
    try container.encode(nanoseconds: self.duration, forKey: .duration)
    try container.encode(nanoseconds: self.reducerTime, forKey: .reducerTime)
    try container.encode(self.finishedCleanly, forKey: .finishedCleanly)
    try container.encodeIfPresent(self.endReason, forKey: .endReason)
  }
}
