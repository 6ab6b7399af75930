import Trace

/// What the profiler groups by and what its advice calls too frequent or too slow.
///
/// ```swift
/// var options = ProfileOptions()
/// options.depth = 2                      // todos.todos.*
/// options.budget = .milliseconds(8)      // an 8 ms frame budget
/// ```
public struct ProfileOptions: Hashable, Sendable {
  /// Group actions by their first `depth` case-path components (0: by whole case path).
  public var depth: Int
  /// The frame budget a reducer should stay under (16 ms: one frame at 60 Hz; JSON `budgetNs`).
  public var budget: Duration
  /// More actions of one group than this in one second is high frequency.
  public var highFrequencyPerSecond: Int
  /// How many sequence numbers a finding lists as evidence.
  public var evidenceLimit: Int

  /// Options; the defaults group by whole case path with a 16 ms budget and 20 actions per second.
  public init(
    depth: Int = 0, budget: Duration = .milliseconds(16), highFrequencyPerSecond: Int = 20,
    evidenceLimit: Int = 10
  ) {
    self.depth = depth
    self.budget = budget
    self.highFrequencyPerSecond = highFrequencyPerSecond
    self.evidenceLimit = evidenceLimit
  }
}

extension ProfileOptions: Codable {
  enum CodingKeys: String, CodingKey {
    case depth, highFrequencyPerSecond, evidenceLimit
    case budget = "budgetNs"
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      depth: try container.decode(Int.self, forKey: .depth),
      budget: try container.decodeNanoseconds(forKey: .budget),
      highFrequencyPerSecond: try container.decode(Int.self, forKey: .highFrequencyPerSecond),
      evidenceLimit: try container.decode(Int.self, forKey: .evidenceLimit))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.depth, forKey: .depth)
    try container.encode(nanoseconds: self.budget, forKey: .budget)
    try container.encode(self.highFrequencyPerSecond, forKey: .highFrequencyPerSecond)
    try container.encode(self.evidenceLimit, forKey: .evidenceLimit)
  }
}
