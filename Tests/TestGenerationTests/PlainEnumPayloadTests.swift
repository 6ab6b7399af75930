import ComposableRuntime
import Foundation
import Recorder
import TestGeneration
import TestGenerationFixtures
import TestSupport
import Testing

/// Where the committed generated test of the thermostat session lives.
let committedThermostatTest = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("GeneratedTests/RecordedThermostatSession.swift")

@MainActor
@Suite(.serialized) struct PlainEnumPayloadTests {
  /// `.unitLoaded(.celsius)` is received by its case with the value: `Unit` is not an action
  /// enum, so a key path into it (`\.unitLoaded.celsius`) would not compile. The committed test
  /// (compiled and run by GeneratedTests) is what generating it writes. Re-record with
  /// TCA_REPLAY_RECORD_EXPECTED=1.
  @Test func anEffectsActionWithAPlainEnumPayloadIsReceivedWithItsValue() async throws {
    let path = temporaryTracePath("thermostat")
    let recorder = try Recorder(path: path)
    let store = Store(initialState: Thermostat.State()) { Thermostat().record(to: recorder) }
    await store.send(.onAppear).finish()
    await recorder.finish()

    let test = try await TestGenerator(path: path).generate(
      Thermostat(), testName: "recordedThermostatSession", module: "TestGenerationFixtures")
    if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
      try test.source.write(to: committedThermostatTest, atomically: true, encoding: .utf8)
    }
    #expect(test.source.contains(#"await store.receive(\.unitLoaded, .celsius) {"#))
    #expect(test.source == (try String(contentsOf: committedThermostatTest, encoding: .utf8)))
    #expect(test.summary.receives == 1)
  }
}
