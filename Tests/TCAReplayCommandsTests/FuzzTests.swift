import Foundation
import TCAReplayCommands
import TestSupport
import Testing
import TraceMutations

/// Every command over mutated copies of the demo trace (flipped bytes, truncations, dropped
/// tables, wrong schema versions, rows with NULLs, wrong types and broken JSON) ends with a
/// result or a one-line error and status 2, never a crash. Bounded here; `trace-fuzzer` under
/// `Tools/Fuzz` runs it longer.
@Suite struct FuzzTests {
  @Test func mutatedTracesNeverCrashTheCommands() async throws {
    let trace = ToolRun.packageRoot.appendingPathComponent("Recordings/demo-v1.sqlite").path
    let fuzz = try TraceFuzzRun(tracePath: trace)
    defer { fuzz.cleanUp() }
    var failures: [TraceFuzzRun.Failure] = []
    var mutations = Set<String>()
    try await withStandardOutputDiscarded {
      for seed in UInt64(1)...1500 {
        let result = try await fuzz.fuzz(seed: seed, commandsPerCopy: 3) {
          await CommandLineTool.run(TCAReplay.self, arguments: $0, reportError: $1)
        }
        failures += result.failures
        mutations.insert(String(result.mutation.prefix(while: { $0 != " " })))
      }
    }
    #expect(failures.isEmpty, "\(failures.prefix(5))")
    // Every kind of mutation was tried.
    #expect(mutations == ["flip", "truncate", "drop", "user_version", "set", "delete"])
  }
}
