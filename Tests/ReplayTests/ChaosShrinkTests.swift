import Foundation
import TestSupport
import Testing

@testable import Replay

/// The failing schedule is shrunk to the fewest deliveries moved from their recorded places.
@MainActor
@Suite struct ChaosShrinkTests {
  @Test(.timeLimit(.minutes(1)))
  func aFailingOrderIsShrunkToTheFewestMovedDeliveries() async throws {
    let path = temporaryPath()
    try await recordFastTyping(at: path, cancelsInFlight: false)
    let replay = try Replay(path: path)
    let timeline = try replay.timelineCache.timeline(replay.reader)
    let explorer = try ChaosExplorer(
      reader: replay.reader, timeline: timeline,
      actions: replay.timelineCache.actions(Lookup.Action.self, of: timeline),
      reducer: Lookup(cancelsInFlight: false), invariants: [], final: ["resultsFor == query"])
    // Typed "b" (#1), "be" (#2), "ber" (#3); answered in that order (#4, #5, #6). Reversed, the
    // answers show "b": two moves, though moving "ber"'s answer before another is enough.
    let reversed = try explorer.windows.order(of: ChaosSchedule(parsing: "v1:6@3,5@6"))
    #expect(explorer.windows.schedule(of: reversed).moves.count == 2)
    let failure = try #require(try explorer.check(reversed))
    let (shrunk, shrunkFailure) = explorer.shrink(reversed, failure)
    #expect(explorer.windows.schedule(of: shrunk).moves.count == 1)
    #expect(shrunkFailure.kind == .final)
    #expect(try explorer.check(shrunk) != nil)
  }
}
