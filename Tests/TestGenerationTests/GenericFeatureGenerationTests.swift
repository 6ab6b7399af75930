import ComposableRuntime
import Foundation
import Recorder
import Replay
import TestGeneration
@testable import TestGenerationFixtures
import TestSupport
import Testing
import Trace

/// Where the committed generated test of the socket session lives.
let committedSocketTest = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("GeneratedTests/RecordedSocketSession.swift")

/// A generic feature (`Socket<String>`) whose actions carry enums of another type whose cases
/// carry values, none `Codable`: its session replays identically and gives a test that compiles
/// and passes as written (GeneratedTests runs it). Re-record with TCA_REPLAY_RECORD_EXPECTED=1.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1))) struct GenericFeatureGenerationTests {
  @Test func aGenericFeaturesSessionReplaysAndGivesAPassingTest() async throws {
    let path = temporaryTracePath("socket")
    try await SocketSession.record(to: path)
    #expect(try TraceReader(path: path).notReplayable() == nil)
    let result = try await Replay(path: path).run(Socket<String>())
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
    #expect(result.replayedActions == 6)

    let test = try await TestGenerator(path: path).generate(
      Socket<String>(), testName: "recordedSocketSession", module: "TestGenerationFixtures")
    if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
      try test.source.write(to: committedSocketTest, atomically: true, encoding: .utf8)
    }
    #expect(test.source.contains(#"await store.receive(\.event, .received(.string("hello")))"#))
    #expect(test.source == (try String(contentsOf: committedSocketTest, encoding: .utf8)))
  }

  /// The same feature recorded on a real `ContinuousClock` (a real 50 ms sleep in its effect):
  /// what was recorded, not its timing, is asserted. The echo's sleep is recorded as the 50 ms
  /// the code asked for, the session replays identically, and the generated test advances the
  /// test clock by that amount and receives the echo, a payload enum of another type.
  @Test func aRealClockSessionReplaysAndGivesARoundTest() async throws {
    let path = temporaryTracePath("socket-continuous-clock")
    let recorder = try Recorder(path: path)
    let store = Store(initialState: Socket<String>.State()) {
      Socket<String>().record(to: recorder)
    } withDependencies: {
      $0.continuousClock = ContinuousClock()
    }
    await store.send(.open).finish()
    await store.send(.send("hello")).finish()
    await store.send(.close).finish()
    await recorder.finish()

    let reader = try TraceReader(path: path)
    #expect(try reader.notReplayable() == nil)
    let sleeps = try reader.clockRequests().filter { $0.request == .sleep }
    #expect(sleeps.map(\.nanoseconds) == [50_000_000])
    let result = try await Replay(path: path).run(Socket<String>())
    #expect(result.divergence == nil, "\(result.divergence?.description ?? "")")
    #expect(result.replayedActions == 6)

    let test = try await TestGenerator(path: path).generate(
      Socket<String>(), testName: "realClockSocketSession", module: "TestGenerationFixtures")
    #expect(test.source.contains("await clock.advance(by: .milliseconds(50))"), "\(test.source)")
    #expect(test.source.contains(#"await store.receive(\.event, .received(.string("hello")))"#))
  }
}
