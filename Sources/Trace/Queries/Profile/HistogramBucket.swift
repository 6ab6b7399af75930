/// How many reducer runs took between two times: one bar of the reducer-time histogram.
///
/// ```swift
/// let ranking = try trace.actionProfiles(depth: 0, histogramEdges: [.microseconds(1)])
/// ranking.histogram.map(\.count)  // runs under 1 µs, and the rest
/// ```
public struct HistogramBucket: Hashable, Sendable {
  /// The shortest duration in the bucket (JSON `lowerNs`).
  public var lower: Duration
  /// The bucket holds durations under this; `nil` for the last bucket (JSON `upperNs`).
  public var upper: Duration?
  /// How many reducer runs.
  public var count: Int

  /// A bucket from its fields.
  public init(lower: Duration, upper: Duration?, count: Int) {
    self.lower = lower
    self.upper = upper
    self.count = count
  }
}

extension HistogramBucket: Codable {
  enum CodingKeys: String, CodingKey {
    case count
    case lower = "lowerNs"
    case upper = "upperNs"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      lower: try container.decodeNanoseconds(forKey: .lower),
      upper: try container.decodeNanosecondsIfPresent(forKey: .upper),
      count: try container.decode(Int.self, forKey: .count))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(nanoseconds: self.lower, forKey: .lower)
    try container.encodeIfPresent(nanoseconds: self.upper, forKey: .upper)
    try container.encode(self.count, forKey: .count)
  }
}
