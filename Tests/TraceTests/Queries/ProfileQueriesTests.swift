import Foundation
import TestSupport
import Testing
import Trace

/// The profile's queries read typed values whichever schema version stored them: version 1 kept
/// cancellation reasons as prose, version 2 as spellings with the id in a column of its own.
@Suite struct ProfileQueriesTests {
  func open(_ name: String) throws -> TraceReader {
    let copy = temporaryFolder().appendingPathComponent(name)
    try FileManager.default.copyItem(
      at: RecordingsTests.recordings.appendingPathComponent(name), to: copy)
    return try TraceReader(path: copy.path)
  }

  @Test func effectGroupsReadAlikeFromVersionOneAndTwo() throws {
    let prose = try open("demo-v1.sqlite").effectGroups()
    let spelled = try open("demo-v2.sqlite").effectGroups()
    // The two sessions ran the same script; their lifetimes differ, their endings do not.
    func endings(_ groups: [EffectGroupProfile]) -> [String: [String]] {
      Dictionary(
        uniqueKeysWithValues: groups.map { group in
          (
            group.name,
            [group.kind.rawValue, "\(group.count)"]
              + group.outcomes.map { "\($0.key.rawValue) \($0.value)" }.sorted()
              + group.cancellationReasons.map { "\($0.key) ×\($0.value)" }.sorted()
          )
        })
    }
    #expect(endings(prose) == endings(spelled))
    let reasons = prose.reduce(into: [EffectEndRecord.CancellationReason: Int]()) {
      $0.merge($1.cancellationReasons, uniquingKeysWith: +)
    }
    #expect(reasons[.parentDismissed] == 1)
    #expect(reasons.keys.contains { if case .cancelInFlight = $0 { true } else { false } })
    #expect(prose.contains { $0.outcomes[.failed, default: 0] > 0 })
  }

  @Test func durationsComeInWholeNanoseconds() throws {
    let trace = try open("demo-v3.sqlite")
    let totals = try trace.actionTotals()
    let ranking = try trace.actionProfiles(histogramEdges: [.microseconds(10)])
    #expect(ranking.actions.reduce(0) { $0 + $1.count } == totals.count)
    #expect(ranking.actions.reduce(Duration.zero) { $0 + $1.total } == totals.reducerTime)
    #expect(ranking.histogram.map(\.count).reduce(0, +) == totals.count)
    #expect(ranking.histogram.map(\.upper) == [.microseconds(10), nil])
    for action in ranking.actions {
      #expect(action.p50 <= action.p95 && action.p95 <= action.p99 && action.p99 <= action.max)
      #expect(action.mean.nanosecondCount == action.total.nanosecondCount / Int64(action.count))
    }
  }
}
