import ComposableRuntime
import Foundation
import Recorder
import TestGeneration
import TestGenerationFixtures
import TestSupport
import Testing

/// Where the committed generated test of the itinerary session lives.
let committedItineraryTest = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("GeneratedTests/RecordedItinerarySession.swift")

/// Records a session of `Itinerary`, whose effect reads two uuids and a date after a wait on the
/// clock; deterministic, so that its generated test is the same every run.
@MainActor
func recordItinerarySession(at path: String) async throws {
  let clock = TestClock()
  let recorder = try Recorder(path: path)
  let ids = LockIsolated(0)
  let store = Store(initialState: Itinerary.State()) {
    Itinerary().record(to: recorder)
  } withDependencies: {
    $0.continuousClock = clock
    $0.uuid = UUIDGenerator {
      ids.withValue { $0 += 1 }
      return UUID(uuidString: "DEADBEEF-0000-4000-8000-00000000000\(ids.value)")!
    }
    $0.date = DateGenerator { Date(timeIntervalSinceReferenceDate: 700_000_001.5) }
  }
  await withMainSerialExecutor {
    let planning = store.send(.roundTripTapped(from: "Lyon", to: "Turin"))
    await clock.advance(by: .milliseconds(250))
    await planning.finish()
    store.send(.legRemoved(store.legs[1].id))
  }
  await recorder.finish()
}

@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct ItineraryTestGenerationTests {
  /// The ids and the date the test writes more than once are constants declared at the top
  /// (`let id1 = UUID(uuidString: "…")!`), used everywhere after, the dependencies' set-up
  /// included; the action the effect sent back is received under a comment naming what the
  /// effect read. The committed test (compiled and run by GeneratedTests) is what generating it
  /// writes. Re-record with TCA_REPLAY_RECORD_EXPECTED=1.
  @Test func repeatedValuesAreNamedAndTheEffectsReadsAreSaid() async throws {
    let path = temporaryTracePath("itinerary")
    try await recordItinerarySession(at: path)
    let test = try await TestGenerator(path: path).generate(
      Itinerary(), testName: "recordedItinerarySession", module: "TestGenerationFixtures")
    if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
      try test.source.write(to: committedItineraryTest, atomically: true, encoding: .utf8)
    }
    #expect(
      test.source.contains(
        """
        async throws {
          let id1 = UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000001")!
          let id2 = UUID(uuidString: "DEADBEEF-0000-4000-8000-000000000002")!
          let date1 = Date(timeIntervalSinceReferenceDate: 700000001.5)
          let clock = TestClock()
        """))
    #expect(test.source.contains("$0.date = .constant(date1)"))
    #expect(
      test.source.contains(
        """
          // effect #1 of roundTripTapped: uuid() returned id1 and id2, date.now returned date1
          await store.receive(\\.roundTripPlanned, Itinerary.Trip(legs: [Itinerary.Leg(id: id1,
        """))
    #expect(
      test.source.contains(
        """
          await store.send(.legRemoved(id2)) {
            $0.legs.remove(id: id2)
          }
        """))
    // Declared once each, and nowhere else written as a literal.
    #expect(test.source.components(separatedBy: "UUID(uuidString:").count == 3)
    #expect(test.source.components(separatedBy: "Date(timeIntervalSinceReferenceDate:").count == 2)
    #expect(test.source == (try String(contentsOf: committedItineraryTest, encoding: .utf8)))
  }

  /// In an XCTest the comment sits with the statement it is about, in the test method.
  @Test func theCommentIsIndentedWithItsStatementInAnXCTest() async throws {
    let path = temporaryTracePath("itinerary")
    try await recordItinerarySession(at: path)
    let test = try await TestGenerator(path: path).generate(
      Itinerary(), testName: "recordedItinerarySession", module: "TestGenerationFixtures",
      options: TestGenerator.Options(style: .xctest))
    #expect(
      test.source.contains(
        """
            await clock.advance(by: .milliseconds(250))
            // effect #1 of roundTripTapped: uuid() returned id1 and id2, date.now returned date1
            await store.receive(\\.roundTripPlanned,
        """))
    #expect(test.source.contains("    let id1 = UUID(uuidString:"))
  }

  /// The statements given as dependencies come from the test the session was recorded in, which
  /// set its own clock and uuid generator: the recorded values and the test's clock stand, and
  /// the rest of the statements and the modules they need are kept.
  @Test func givenStatementsDoNotOverrideWhatTheRecordingRead() async throws {
    let path = temporaryTracePath("itinerary")
    try await recordItinerarySession(at: path)
    let test = try await TestGenerator(path: path).generate(
      Itinerary(), testName: "recordedItinerarySession", module: "TestGenerationFixtures",
      options: TestGenerator.Options(
        dependencies: "$0.uuid = .incrementing\n$0.continuousClock = ImmediateClock()\n$0.locale = Locale(identifier: \"fr\")",
        imports: ["Dispatch"]))
    #expect(!test.source.contains(".incrementing"))
    #expect(!test.source.contains("ImmediateClock"))
    #expect(test.source.contains(#"$0.uuid = .recorded(["#))
    #expect(test.source.contains(#"$0.locale = Locale(identifier: "fr")"#))
    #expect(test.source.contains("\nimport Dispatch\n"))
  }
}
