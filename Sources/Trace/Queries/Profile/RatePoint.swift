/// How many actions started in one bucket of time.
///
/// ```swift
/// try trace.actionRate(bucket: .seconds(1)).map(\.count)  // actions per second
/// ```
public struct RatePoint: Hashable, Sendable {
  /// Where the bucket starts, from the start of the recording (JSON `startNs`).
  public var start: Duration
  /// How many actions started in it.
  public var count: Int

  /// A point from its fields.
  public init(start: Duration, count: Int) {
    self.start = start
    self.count = count
  }
}

extension RatePoint: Codable {
  enum CodingKeys: String, CodingKey {
    case count
    case start = "startNs"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      start: try container.decodeNanoseconds(forKey: .start),
      count: try container.decode(Int.self, forKey: .count))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(nanoseconds: self.start, forKey: .start)
    try container.encode(self.count, forKey: .count)
  }
}
