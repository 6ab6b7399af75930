import ComposableRuntime
import DemoApp
import Foundation
import Recorder
import TestGeneration
import TestSupport
import Testing

/// Records the demo app's scripted session, as `tca-replay demo` does.
@MainActor
func recordDemoSession(at path: String) async throws {
  let clock = TestClock()
  let recorder = try Recorder(path: path)
  let store = Store(initialState: AppFeature.State()) {
    AppFeature().record(to: recorder)
  } withDependencies: {
    DemoSession.dependencies(clock: clock)(&$0)
  }
  await withMainSerialExecutor {
    await DemoSession.run(store, clock: clock)
  }
  await recorder.finish()
}

/// The statements the demo's generated test gives `withDependencies`: the offline fakes.
let demoDependencies = """
  $0.factClient = .liveValue
  $0.searchClient = .liveValue
  $0.defaultAppStorage = .inMemory
  """

/// Where the committed generated test of the demo session lives.
let committedDemoTest = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("GeneratedTests/RecordedDemoSession.swift")

@MainActor
@Suite(.serialized) struct DemoSessionTestGenerationTests {
  /// The committed test (which the GeneratedTests target compiles and runs) is what generating
  /// it from a fresh recording of the demo session writes, byte for byte. Re-record with
  /// TCA_REPLAY_RECORD_EXPECTED=1.
  @Test func regeneratingTheDemoSessionsTestGivesTheCommittedBytes() async throws {
    let path = temporaryTracePath("demo")
    try await recordDemoSession(at: path)
    let generator = try TestGenerator(path: path)
    let test = try await generator.generate(
      AppFeature(), testName: "recordedDemoSession", module: "DemoApp",
      options: TestGenerator.Options(dependencies: demoDependencies))
    if ProcessInfo.processInfo.environment["TCA_REPLAY_RECORD_EXPECTED"] == "1" {
      try test.source.write(to: committedDemoTest, atomically: true, encoding: .utf8)
    }
    let committed = try String(contentsOf: committedDemoTest, encoding: .utf8)
    #expect(test.source == committed)
    #expect(test.summary.sends > 0)
    #expect(test.summary.receives > 0)
  }

  @Test func theSameRecordingGivesTheSameBytesTwice() async throws {
    let path = temporaryTracePath("demo")
    try await recordDemoSession(at: path)
    let first = try await TestGenerator(path: path).generate(
      AppFeature(), testName: "again", module: "DemoApp")
    let second = try await TestGenerator(path: path).generate(
      AppFeature(), testName: "again", module: "DemoApp")
    #expect(first.source == second.source)
    #expect(first.summary == second.summary)
  }

  /// A subscript of `$0` in the dependency statements keeps its spelling (`BasicFormat` alone
  /// writes `$0 [FactClient.self]`).
  @Test func dependencyStatementsKeepTheirSubscripts() async throws {
    let test = try await TestGenerator(path: ToolRun.sampleTrace(version: 8).path).generate(
      AppFeature(), testName: "subscripts", module: "DemoApp",
      options: TestGenerator.Options(dependencies: "$0[FactClient.self] = .liveValue"))
    #expect(test.source.contains("    $0[FactClient.self] = .liveValue\n"), "\(test.source)")
  }
}
