import Testing
import Trace

@testable import Profiler
import TraceTestSupport

/// Values exactly at a boundary: a reducer time equal to a histogram edge, a percentile equal to
/// a `--fail-on` limit.
@Suite struct BoundaryTests {
  /// One action per reducer time in `durations`, 100 ms apart.
  func trace(_ durations: [Int64]) throws -> TraceReader {
    var fixture = SessionFixture()
    for (index, duration) in durations.enumerated() {
      fixture.action("app.view.tap", at: Int64(index) * 100_000_000, duration: duration)
    }
    return try fixture.write(to: temporaryTracePath(), end: 10_000_000_000)
  }

  /// A bucket holds the times from its lower edge, included, to its upper edge, excluded.
  @Test func aTimeEqualToAnEdgeCountsInTheBucketAboveIt() throws {
    let trace = try trace([999, 1_000, 1_001, 9_999, 10_000, 10_001])
    let profiles = try trace.actionProfiles(
      histogramEdges: [.nanoseconds(1_000), .nanoseconds(10_000)])
    #expect(profiles.histogram.map(\.count) == [1, 3, 2])
  }

  /// `p95>16ms` is crossed above 16 ms, not at it.
  @Test func aPercentileEqualToTheLimitDoesNotCrossIt() throws {
    let conditions = try FailCondition.parseList("p95>16ms")
    let atTheLimit = try TraceProfiler().profile(trace(Array(repeating: 16_000_000, count: 5)))
    #expect(conditions.flatMap { $0.violations(of: atTheLimit, comparedWith: nil) }.isEmpty)
    let above = try TraceProfiler().profile(trace(Array(repeating: 16_000_001, count: 5)))
    #expect(conditions.flatMap { $0.violations(of: above, comparedWith: nil) }.count == 1)
  }
}
