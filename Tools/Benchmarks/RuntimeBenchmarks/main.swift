import ComposableRuntime
import Foundation

/// A trivial reducer on a small state: the cheapest thing a store can do per action.
struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
    var label = "counter"
  }
  enum Action { case increment }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count &+= 1
    return .none
  }
}

/// An observer that implements every event and does nothing, to price the calls themselves.
final class NoOpObserver: StoreObserver {
  typealias State = Counter.State
  typealias Action = Counter.Action
  var received = 0
  func storeDidReceive(_ action: Action, id: ActionID, origin: ActionOrigin) { received &+= 1 }
  func reducerWillRun(_ action: ActionID, state: State) {}
  func reducerDidRun(_ action: ActionID, state: State) {}
}

@MainActor
func storeSendBenchmark() {
  let hookless = HooklessStore(initialState: Counter.State(), reducer: Counter())
  let unobserved = Store(initialState: Counter.State()) { Counter() }
  let observed = Store(initialState: Counter.State()) { Counter() }
  observed.observer = NoOpObserver()

  SideBySide(
    title: "Store.send, trivial reducer, small state",
    operationsPerRound: 200_000,
    rounds: 21,
    variants: [
      .init(name: "baseline: same send loop, no hook code") { count in
        for _ in 0..<count { hookless.send(.increment) }
      },
      .init(name: "Store, hooks present, unobserved") { count in
        for _ in 0..<count { unobserved.send(.increment) }
      },
      .init(name: "Store, observed by a no-op observer") { count in
        for _ in 0..<count { observed.send(.increment) }
      },
    ]
  ).report()
  precondition(unobserved.count > 0 && hookless.state.count > 0 && observed.count > 0)
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
