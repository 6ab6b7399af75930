import BenchmarkSupport
import Foundation

@MainActor
func storeSendBenchmark() async {
  await SideBySide(
    title: "Store.send, trivial reducer, small state",
    operationsPerRound: 200_000,
    rounds: 21,
    variants: [
      .init(name: "baseline: Store, hook sites compiled out", run: WithoutHooks.storeSend()),
      .init(name: "Store, hooks present, unobserved", run: WithHooks.storeSend(observed: false)),
      .init(name: "Store, observed by a no-op observer", run: WithHooks.storeSend(observed: true)),
      .init(name: "reference: minimal specialized send loop", run: WithHooks.minimalLoop()),
    ]
  ).report()
}

/// Runs the benchmarks `arguments` name, then exits.
@MainActor
func runBenchmarks() async {
  // `instructions COUNT WORKLOAD` is for callgrind (see `InstructionProfile`); it runs alone.
  if CommandLine.arguments.dropFirst().first == "instructions" {
    let rest = Array(CommandLine.arguments.dropFirst(2))
    guard rest.count == 2, let count = Int(rest[0]), count > 0 else {
      print("error: expected 'instructions COUNT WORKLOAD', found '\(rest.joined(separator: " "))'")
      exit(2)
    }
    await InstructionProfile.run(count: count, workload: rest[1])
    return
  }
  let arguments = Set(CommandLine.arguments.dropFirst())
  let known: Set = [
    "encode", "app-send", "store-send", "shared-send", "record-send", "diff", "sustained",
    "big-trace",
    "traced",
  ]
  if let unknown = arguments.subtracting(known).first {
    print(
      "error: unknown benchmark '\(unknown)'; expected one of: \(known.sorted().joined(separator: ", "))"
    )
    exit(2)
  }
  // With no names, everything but the slow 1,000,000-action trace runs.
  func wants(_ name: String) -> Bool {
    arguments.isEmpty ? name != "big-trace" : arguments.contains(name)
  }
  if wants("store-send") { await storeSendBenchmark() }
  if wants("encode") { await EncodeBenchmark.run() }
  if wants("app-send") { await AppSendBenchmark.run() }
  if wants("shared-send") { await SharedSendBenchmark.run() }
  if wants("record-send") { await RecorderBenchmarks.recordedSend() }
  if wants("diff") { await RecorderBenchmarks.structuralDiff() }
  if wants("sustained") { await RecorderBenchmarks.sustainedRate() }
  if wants("traced") { await TracedBenchmark.run() }
  if wants("big-trace") { await RecorderBenchmarks.bigTrace() }
}

// NB: No top-level `await`: an async main parks the main thread in `dispatch_main`, whose
// `sigsuspend` valgrind cannot run, and `instructions` is for valgrind. The main run loop serves
// the main actor instead.
Task { @MainActor in
  await runBenchmarks()
  exit(0)
}
RunLoop.main.run()
