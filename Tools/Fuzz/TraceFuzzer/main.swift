import Foundation
import TCAReplayCommands
import TraceMutations

// Runs every tca-replay command over many mutated copies of a trace, in process, and reports
// any result other than a normal exit or a one-line error with status 2. A crash stops it with
// the last seed printed.
//
//   swift run -c release trace-fuzzer [COPIES] [FIRST-SEED] [TRACE]
//   (defaults: 20000 copies from seed 1 of Recordings/demo-v1.sqlite)

let arguments = CommandLine.arguments.dropFirst()
let copies = arguments.first.flatMap { Int($0) } ?? 20_000
let firstSeed = arguments.dropFirst().first.flatMap { UInt64($0) } ?? 1
let trace = arguments.dropFirst(2).first ?? "Recordings/demo-v1.sqlite"

let fuzz = try TraceFuzzRun(tracePath: trace)
var failures = 0
for seed in firstSeed..<(firstSeed + UInt64(copies)) {
  let result = try await withStandardOutputDiscarded {
    try await fuzz.fuzz(seed: seed, commandsPerCopy: TraceFuzzRun.commands.count) {
      await CommandLineTool.run(TCAReplay.self, arguments: $0, reportError: $1)
    }
  }
  for failure in result.failures {
    print("FAIL \(failure)")
    failures += 1
  }
  if ProcessInfo.processInfo.environment["FUZZ_VERBOSE"] != nil { print("\(seed): \(result.mutation)") }
  if seed % 1000 == 0 { print("… \(seed - firstSeed + 1) copies") }
}
fuzz.cleanUp()
print("\(copies) copies, \(copies * TraceFuzzRun.commands.count) runs: \(failures) failures")
exit(failures == 0 ? 0 : 1)
