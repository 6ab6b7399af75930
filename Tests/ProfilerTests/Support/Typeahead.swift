import ComposableRuntime
import Foundation
import Recorder

/// A search field debounced the classic way: each keystroke starts a `.run` that sleeps 300 ms
/// on the clock, then sends `search` with its query, which the results on screen answer. Without
/// `cancelsInFlight` every debounce answers (and can answer out of order); with it, a keystroke
/// cancels the debounce in flight, as TCA's guidance has it.
@Reducer
struct Typeahead {
  @ObservableState
  struct State: Codable, Equatable, Sendable {
    var query = ""
    /// The query the results on screen answer; `nil` before the first search.
    var resultsFor: String?
  }

  enum Action: Codable, Equatable, Sendable {
    case queryChanged(String)
    case search(String)
  }

  enum CancelID: Hashable, Sendable { case debounce }

  /// The line of the debounce's `.run`, as the trace records its location.
  static let runLine = #line + 14

  var cancelsInFlight: Bool
  /// How long a keystroke waits before it searches.
  var debounce: Duration = .milliseconds(300)

  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .queryChanged(query):
        state.query = query
        let debounce = self.debounce
        let effect = Effect<Action>.run { send in
          try await self.clock.sleep(for: debounce)
          await send(.search(query))
        }
        return self.cancelsInFlight
          ? effect.cancellable(id: CancelID.debounce, cancelInFlight: true) : effect
      case let .search(query):
        state.resultsFor = query
        return .none
      }
    }
  }
}

/// Records `queries` typed into `Typeahead` on a test clock: `apart` between keystrokes, then a
/// second for the debounces to answer, every effect left to end.
@MainActor
func recordTyping(
  _ queries: [String], apart: Duration, cancelsInFlight: Bool, at path: String
) async throws {
  let clock = TestClock()
  let recorder = try Recorder(path: path)
  let store = Store(initialState: Typeahead.State()) {
    Typeahead(cancelsInFlight: cancelsInFlight).record(to: recorder)
  } withDependencies: {
    $0.continuousClock = clock
  }
  await withMainSerialExecutor {
    var tasks: [StoreTask] = []
    for query in queries {
      tasks.append(store.send(.queryChanged(query)))
      await clock.advance(by: apart)
    }
    await clock.advance(by: .seconds(1))
    for task in tasks { await task.finish() }
  }
  await recorder.finish()
}
