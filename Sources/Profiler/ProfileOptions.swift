/// What the profiler groups by and what its advice calls too frequent or too slow.
///
/// ```swift
/// var options = ProfileOptions()
/// options.depth = 2                       // todos.todos.*
/// options.budgetNs = 8_000_000            // an 8 ms frame budget
/// ```
public struct ProfileOptions: Codable, Hashable, Sendable {
  /// Group actions by their first `depth` case-path components (0: by whole case path).
  public var depth: Int
  /// The frame budget a reducer should stay under (16 ms: one frame at 60 Hz).
  public var budgetNs: Int64
  /// More actions of one group than this in one second is high frequency.
  public var highFrequencyPerSecond: Int
  /// How many sequence numbers a finding lists as evidence.
  public var evidenceLimit: Int

  /// Options; the defaults group by whole case path with a 16 ms budget and 20 actions per second.
  public init(
    depth: Int = 0, budgetNs: Int64 = 16_000_000, highFrequencyPerSecond: Int = 20,
    evidenceLimit: Int = 10
  ) {
    self.depth = depth
    self.budgetNs = budgetNs
    self.highFrequencyPerSecond = highFrequencyPerSecond
    self.evidenceLimit = evidenceLimit
  }
}
