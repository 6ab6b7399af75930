import ComposableRuntime
import Foundation
import Recorder
import TestGeneration
import TestGenerationFixtures
import TestSupport
import Testing
import Trace

/// Where the committed generated test of the checkout session lives.
let committedCheckoutTest = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("GeneratedTests/RecordedCheckoutSession.swift")

/// Tests generated from sessions recorded on a real `ContinuousClock`: the clock advances by
/// what the effects asked for (a 380 ms debounce is `.milliseconds(380)`, not 379.96 ms), and
/// between sends by the recorded gap, rounded to what the effects can tell apart, so overlapping
/// debounces still overlap. Timing itself is never asserted: only what was recorded.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct ContinuousClockGenerationTests {
  /// Records `CheckoutSession` on a real clock, as `record-checkout` does.
  func recordCheckout() async throws -> String {
    let path = temporaryTracePath("checkout")
    try await CheckoutSession.record(to: path)
    return path
  }

  /// The recording holds the durations the code asked for, exactly, whatever the real clock did:
  /// the debounces, the payment client's delay (twice), the timer's interval (the third tick cut
  /// short by the cancel), and the sync's deadline; and every action has the clock's time.
  @Test func theRecordingHoldsTheDurationsTheCodeAskedFor() async throws {
    let path = try await self.recordCheckout()
    let reader = try TraceReader(path: path)
    let sleeps = try reader.clockRequests().filter { $0.request == .sleep }
    // NB: By effect: effects run concurrently, so two effects' requests may come in either order
    // (the cancelled timer's last tick and the second payment's delay do).
    var milliseconds: [Int64: [Int64]] = [:]
    for sleep in sleeps {
      guard case let .effect(id) = sleep.reader else { continue }
      milliseconds[id, default: []].append(sleep.nanoseconds / 1_000_000)
    }
    #expect(
      milliseconds == [1: [380], 2: [380], 3: [200], 4: [250, 250, 250], 6: [200], 7: [150]])
    #expect(sleeps.count == 8)
    #expect(sleeps.allSatisfy { $0.nanoseconds % 1_000_000 == 0 })
    let actions = try reader.actions(in: 1...15)
    #expect(actions.count == 15)
    let clock = actions.compactMap(\.clockNanoseconds)
    #expect(clock.count == 15)
    #expect(clock == clock.sorted())
    // The second coupon edit came after a real 100 ms sleep.
    #expect(clock[3] - clock[2] >= 100_000_000)
  }

  /// The test generated from a fresh real-clock recording advances by round amounts only: every
  /// advance is whole milliseconds, however the real clock's gaps fell.
  ///
  /// NB: Which advances a fresh recording gives depends on how the real clock's gaps fell (on a
  /// loaded machine a gap between sends can run past an effect's deadline, and the recorded order
  /// changes): the amounts and their count are asserted on the committed recording, below.
  @Test func aFreshRecordingGivesRoundAdvances() async throws {
    let path = try await self.recordCheckout()
    let test = try await TestGenerator(path: path).generate(
      Checkout(), testName: "recordedCheckoutSession", module: "TestGenerationFixtures")
    let advances = test.source.split(separator: "\n").filter { $0.contains("clock.advance") }
    #expect(!test.source.contains(".nanoseconds("))
    #expect(!test.source.contains(".microseconds("))
    #expect(!advances.isEmpty)
    let round = /await clock\.advance\(by: \.(milliseconds|seconds)\(\d+\)\)/
    for advance in advances {
      #expect(advance.trimmingCharacters(in: .whitespaces).wholeMatch(of: round) != nil)
    }
    let received = test.source.split(separator: "\n").filter { $0.contains("store.receive(") }
    let reader = try TraceReader(path: path)
    let outputs = try reader.actions(in: 1...15).filter { $0.origin != .send }
    #expect(received.count == outputs.count)
  }

  /// The committed test (compiled and run by GeneratedTests, so it passes as written) is what
  /// generating it from the committed real-clock recording writes. Re-record with
  /// TCA_REPLAY_RECORD_EXPECTED=1 after Tools/Recordings/regenerate.sh.
  @Test func theCommittedRecordingsTestIsTheCommittedTest() async throws {
    let trace = ToolRun.recordings.appendingPathComponent("checkout-continuous-clock.sqlite")
    let copy = temporaryFolder().appendingPathComponent("checkout.sqlite")
    try FileManager.default.copyItem(at: trace, to: copy)
    let test = try await TestGenerator(path: copy.path).generate(
      Checkout(), testName: "recordedCheckoutSession", module: "TestGenerationFixtures")
    if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
      try test.source.write(to: committedCheckoutTest, atomically: true, encoding: .utf8)
    }
    #expect(test.source == (try String(contentsOf: committedCheckoutTest, encoding: .utf8)))
    #expect(test.source.contains("await clock.advance(by: .milliseconds(100))"))
    #expect(test.source.contains("await clock.advance(by: .milliseconds(280))"))
    // 100 ms between the coupon edits, 280 and 100 to the debounces, 200, 250, 250, 200, 150.
    let advances = test.source.split(separator: "\n").filter { $0.contains("clock.advance") }
      .map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(
      advances == [100, 280, 100, 200, 250, 250, 200, 150].map {
        "await clock.advance(by: .milliseconds(\($0)))"
      })
  }
}
