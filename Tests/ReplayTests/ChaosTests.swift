import ComposableRuntime
import DemoApp
import Foundation
import Replay
import TestSupport
import Testing
import Trace

/// `replay.explore`: effect outputs delivered in other orders.
@MainActor
@Suite struct ChaosTests {
  @Test(.timeLimit(.minutes(1)))
  func searchWithoutCancelInFlightShowsStaleResultsWithin100Runs() async throws {
    let path = temporaryPath()
    try await recordFastTyping(at: path, cancelsInFlight: false)
    let replay = try Replay(path: path)
    // As recorded, the answers came in order: the results are for the query.
    let recorded = try await replay.explore(
      Lookup(cancelsInFlight: false), schedule: "v1:", final: ["resultsFor == query"])
    #expect(recorded.failure == nil, "\(recorded.failure?.description ?? "")")

    let chaos = try await replay.explore(
      Lookup(cancelsInFlight: false), runs: 100, seed: 1, final: ["resultsFor == query"])
    let failure = try #require(chaos.failure)
    #expect(chaos.runs <= 100)
    #expect(failure.kind == .final)
    #expect(failure.description.contains(#"final "resultsFor == query" does not hold"#))
    #expect(failure.description.contains(#"query = "ber""#), "\(failure.description)")
    // Shrunk: one answer moved after the last one is enough.
    #expect(failure.moved == 1, "\(failure.description)")

    // The schedule replays exactly that run, and round-trips.
    let again = try await replay.explore(
      Lookup(cancelsInFlight: false), schedule: failure.schedule, final: ["resultsFor == query"])
    #expect(again.runs == 1)
    #expect(again.failure?.description == failure.description)
    #expect(try ChaosSchedule(parsing: failure.schedule).description == failure.schedule)
  }

  @Test func codeThatNoLongerReproducesTheRecordingIsNotCalledOrderSensitive() async throws {
    let path = temporaryPath()
    try await recordProbeSession(at: path)
    let replay = try Replay(path: path)
    // Today's code counts 2 from 2: the recorded order already ends with another count.
    let changed = Probe(variant: .countsTwiceFromTwo)
    let third = try seq(of: "increment", occurrence: 3, in: path)
    let explored = try await replay.explore(changed, runs: 20, seed: 1)
    let failure = try #require(explored.failure)
    #expect(failure.kind == .recordedOrderDiffers)
    #expect(explored.runs == 1)
    #expect(failure.schedule == "v1:")
    #expect(failure.moved == 0)
    #expect(failure.seq == third)
    #expect(
      failure.description == """
        today's code already differs in the recorded order: see `verify`
          diverged at #\(third) increment (state)
        """)
    // The line is the first of what `verify` reports.
    let verified = try await replay.run(changed)
    #expect(verified.divergence?.description.hasPrefix("diverged at #\(third) increment") == true)
    let scheduled = try await replay.explore(changed, schedule: "v1:")
    #expect(scheduled.failure?.kind == .recordedOrderDiffers)
    // A predicate asks its own question; the recorded state is not it.
    let predicate = try await replay.explore(changed, runs: 5, seed: 1, final: ["count == 4"])
    #expect(predicate.failure == nil, "\(predicate.failure?.description ?? "")")
  }

  @Test func searchThatCancelsInFlightPasses1000Runs() async throws {
    let path = temporaryPath()
    try await recordFastTyping(at: path, cancelsInFlight: true)
    let chaos = try await Replay(path: path).explore(
      Lookup(cancelsInFlight: true), runs: 1_000, seed: 1, final: ["resultsFor == query"])
    #expect(chaos.failure == nil, "\(chaos.failure?.description ?? "")")
    #expect(chaos.runs == 1_000)
  }

  @Test(.timeLimit(.minutes(1)))
  func anOutputAfterItsEffectWasCancelledIsDropped() async throws {
    let path = temporaryPath()
    try await recordRelay(at: path)
    let second = try seq(of: "a", occurrence: 2, in: path)
    let first = try seq(of: "a", occurrence: 1, in: path)
    let stop = try seq(of: "stopA", in: path)
    let replay = try Replay(path: path)
    let recorded = try await replay.explore(Relay(), schedule: "v1:", final: ["received == [1, 2]"])
    #expect(recorded.failure == nil, "\(recorded.failure?.description ?? "")")

    // `stopA` delivered before `a(2)` cancels the effect that would send it.
    let moved = try await replay.explore(
      Relay(), schedule: "v1:\(stop)@\(first)", final: ["received == [1, 2]"])
    let failure = try #require(moved.failure)
    #expect(failure.description.contains("received = [1]"), "\(failure.description)")
    #expect(failure.description.contains("outputs dropped"))
    #expect(failure.description.contains("#\(second)"))

    // `.count` reads an array's length; the recorded order fails an invariant after `a(2)`.
    let invariant = try await replay.explore(
      Relay(), schedule: "v1:", invariants: ["received.count <= 1"])
    #expect(invariant.failure?.kind == .invariant)
    #expect(invariant.failure?.seq == second)
    #expect(invariant.failure?.description.contains("received.count = 2") == true)

    // Exploring finds it too, and with no predicate calls it order-sensitive.
    let explored = try await replay.explore(Relay(), runs: 50, seed: 3)
    #expect(explored.failure?.kind == .orderSensitive, "\(explored.failure?.description ?? "")")
    #expect(explored.failure?.description.contains("not necessarily a bug") == true)
  }

  @Test func theRecordedOrderOfTheDemoSessionPassesAndItsOrdersKeepTheFinalState() async throws {
    let path = temporaryPath()
    try await recordDemoSession(at: path)
    let replay = try Replay(path: path)
    let recorded = try await replay.explore(AppFeature(), schedule: "v1:")
    #expect(recorded.failure == nil, "\(recorded.failure?.description ?? "")")
    let chaos = try await replay.explore(AppFeature(), runs: 200, seed: 7)
    #expect(chaos.failure == nil, "\(chaos.failure?.description ?? "")")
    #expect(chaos.runs == 200)
  }

  @Test func schedulesRoundTripAndBadOnesAreOneLine() async throws {
    for text in ["v1:", "v1:12@15", "v1:12@15,13@12,7@0"] {
      #expect(try ChaosSchedule(parsing: text).description == text)
    }
    #expect(try ChaosSchedule(parsing: "v1:12@15").moves == [.init(seq: 12, after: 15)])
    for text in ["", "12@15", "v1:12", "v1:a@b", "v1:12@15,", "v2:1@2"] {
      #expect(throws: ReplayError.self, "\(text)") { try ChaosSchedule(parsing: text) }
    }
    let path = temporaryPath()
    try await recordRelay(at: path)
    let replay = try Replay(path: path)
    let start = try seq(of: "start", in: path)
    let first = try seq(of: "a", occurrence: 1, in: path)
    let second = try seq(of: "a", occurrence: 2, in: path)
    // An input sent from outside keeps its place; an effect keeps its own order.
    for schedule in ["v1:\(start)@\(second)", "v1:\(first)@\(second)", "v1:\(first)@999"] {
      let error = await #expect(throws: ReplayError.self) {
        try await replay.explore(Relay(), schedule: schedule)
      }
      #expect(error?.description.contains("\n") == false)
    }
    await #expect(throws: ReplayError.self) {
      try await replay.explore(Relay(), runs: 1, final: ["received =="])
    }
  }
}
