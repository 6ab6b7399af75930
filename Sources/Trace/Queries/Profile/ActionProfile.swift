/// One row of the profile's action ranking: how many actions of one case path (or case-path
/// prefix) a trace holds, how often they came at most, and how long their reducers ran.
///
/// ``TraceReader/actionProfiles(depth:histogramEdges:)`` builds the rows; their JSON keys are the
/// ones `tca-replay profile --json` has always written (`totalNs`, `p95Ns`, …).
///
/// ```swift
/// let ranking = try trace.actionProfiles(depth: 0, histogramEdges: [])
/// ranking.actions.first?.p95  // the most frequent action's 95th percentile
/// ```
public struct ActionProfile: Hashable, Sendable {
  /// The case path, or a prefix ending in `.*` when grouped by depth.
  public var name: String
  /// How many actions.
  public var count: Int
  /// `count` over all actions, 0…1.
  public var share: Double
  /// The most in any one-second window.
  public var peakPerSecond: Int
  /// Reducer time over all of them.
  public var total: Duration
  /// Mean reducer time (whole nanoseconds, rounded down).
  public var mean: Duration
  /// Median reducer time (nearest rank).
  public var p50: Duration
  /// 95th percentile of reducer time (nearest rank).
  public var p95: Duration
  /// 99th percentile of reducer time (nearest rank).
  public var p99: Duration
  /// The longest reducer run.
  public var max: Duration

  /// A row from its fields.
  public init(
    name: String, count: Int, share: Double, peakPerSecond: Int, total: Duration,
    mean: Duration, p50: Duration, p95: Duration, p99: Duration, max: Duration
  ) {
    self.name = name
    self.count = count
    self.share = share
    self.peakPerSecond = peakPerSecond
    self.total = total
    self.mean = mean
    self.p50 = p50
    self.p95 = p95
    self.p99 = p99
    self.max = max
  }
}

extension ActionProfile: Codable {
  enum CodingKeys: String, CodingKey {
    case name, count, share, peakPerSecond
    case total = "totalNs"
    case mean = "meanNs"
    case p50 = "p50Ns"
    case p95 = "p95Ns"
    case p99 = "p99Ns"
    case max = "maxNs"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      name: try container.decode(String.self, forKey: .name),
      count: try container.decode(Int.self, forKey: .count),
      share: try container.decode(Double.self, forKey: .share),
      peakPerSecond: try container.decode(Int.self, forKey: .peakPerSecond),
      total: try container.decodeNanoseconds(forKey: .total),
      mean: try container.decodeNanoseconds(forKey: .mean),
      p50: try container.decodeNanoseconds(forKey: .p50),
      p95: try container.decodeNanoseconds(forKey: .p95),
      p99: try container.decodeNanoseconds(forKey: .p99),
      max: try container.decodeNanoseconds(forKey: .max))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.name, forKey: .name)
    try container.encode(self.count, forKey: .count)
    try container.encode(self.share, forKey: .share)
    try container.encode(self.peakPerSecond, forKey: .peakPerSecond)
    try container.encode(nanoseconds: self.total, forKey: .total)
    try container.encode(nanoseconds: self.mean, forKey: .mean)
    try container.encode(nanoseconds: self.p50, forKey: .p50)
    try container.encode(nanoseconds: self.p95, forKey: .p95)
    try container.encode(nanoseconds: self.p99, forKey: .p99)
    try container.encode(nanoseconds: self.max, forKey: .max)
  }
}
