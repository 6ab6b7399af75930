import ComposableRuntime
import Foundation
import Recorder
import TestGeneration
import TestGenerationFixtures
import TestSupport
import Testing

/// Where the committed generated test of the journal session lives.
let committedJournalTest = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("GeneratedTests/RecordedJournalSession.swift")

/// Records a session of `Journal`, which reads uuid, date and random values that fit no preset,
/// and waits on the clock; deterministic, so that its generated test is the same every run.
@MainActor
func recordJournalSession(at path: String) async throws {
  let clock = TestClock()
  let recorder = try Recorder(path: path)
  let ids = LockIsolated(0)
  let seconds = LockIsolated(700_000_000.0)
  let store = Store(initialState: Journal.State()) {
    Journal().record(to: recorder)
  } withDependencies: {
    $0.continuousClock = clock
    $0.uuid = UUIDGenerator {
      ids.withValue { $0 += 1 }
      return UUID(uuidString: "DEADBEEF-0000-4000-8000-00000000000\(ids.value)")!
    }
    $0.date = DateGenerator {
      seconds.withValue { $0 += 1.5 }
      return Date(timeIntervalSinceReferenceDate: seconds.value)
    }
    $0.withRandomNumberGenerator = WithRandomNumberGenerator(SplitMix64(seed: 7))
  }
  await withMainSerialExecutor {
    store.send(.entryAdded("Pack"))
    store.send(.dieRolled)
    store.send(.entryAdded("Hike \"north\"\n"))
    let reminder = store.send(.remindMeTapped)
    await clock.advance(by: .seconds(2))
    await clock.advance(by: .milliseconds(1_500))
    await reminder.finish()
    store.send(.dieRolled)
  }
  await recorder.finish()
}

@MainActor
@Suite(.serialized) struct JournalTestGenerationTests {
  /// The committed test (compiled and run by GeneratedTests) is what generating it from a fresh
  /// recording writes: recorded uuids, dates and random numbers handed back through
  /// TestGenerationSupport, the clock advanced by the reminder's two waits.
  @Test func theGeneratedTestHandsBackRecordedValuesAndAdvancesTheClock() async throws {
    let path = temporaryTracePath("journal")
    try await recordJournalSession(at: path)
    let test = try await TestGenerator(path: path).generate(
      Journal(), testName: "recordedJournalSession", module: "TestGenerationFixtures")
    if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
      try test.source.write(to: committedJournalTest, atomically: true, encoding: .utf8)
    }
    #expect(test.source == (try String(contentsOf: committedJournalTest, encoding: .utf8)))
    #expect(test.source.contains("import TestGenerationSupport"))
    #expect(test.source.contains("$0.uuid = .recorded(["))
    #expect(test.source.contains("$0.date = .recorded([700000001.5, 700000003.0])"))
    #expect(test.source.contains("$0.withRandomNumberGenerator = .recorded(["))
    #expect(test.source.contains("await clock.advance(by: .seconds(2))"))
    #expect(test.source.contains("await clock.advance(by: .milliseconds(1500))"))
    #expect(test.summary.clockAdvances == 2)
    #expect(test.summary.receives == 2)
    #expect(test.summary.decodedValues == 0)
  }
}
