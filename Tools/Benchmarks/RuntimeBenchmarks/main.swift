import Foundation

@MainActor
func storeSendBenchmark() {
  SideBySide(
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

let arguments = Set(CommandLine.arguments.dropFirst())
let known: Set = ["store-send"]
if let unknown = arguments.subtracting(known).first {
  print(
    "error: unknown benchmark '\(unknown)'; expected one of: \(known.sorted().joined(separator: ", "))"
  )
  exit(2)
}
MainActor.assumeIsolated {
  if arguments.isEmpty || arguments.contains("store-send") { storeSendBenchmark() }
}
