import ComposableRuntime
import Testing

/// A tracked effect ended as cancelled from outside the reducer (how a replay ends one whose
/// recorded outcome was a cancelled store task) stops what is concatenated after it, as a real
/// cancellation does: a presentation's closing `.dismiss` is not sent.
@MainActor
@Suite struct TrackedEffectCancellationTests {
  @Reducer
  struct Waiting {
    struct State: Equatable {}
    enum Action: Equatable {
      case start
      case done
    }
    var body: some ReducerOf<Self> {
      Reduce { _, action in
        switch action {
        case .start:
          return Effect.run { _ in }.concatenate(with: .send(.done)).cancellable(id: "waiting")
        case .done: return .none
        }
      }
    }
  }

  func startedKinds(endingWith outcome: EffectOutcome) -> [EffectStart.Kind] {
    let log = EventLog<Waiting.State, Waiting.Action>()
    let store = Store(initialState: Waiting.State(), effects: .tracked) { Waiting() }
    store.observer = log
    store.send(.start)
    let run = try! #require(store.trackedEffects.first)
    #expect(store.endTrackedEffect(run, outcome: outcome))
    #expect(store.trackedEffects.isEmpty)
    #expect(log.outcomes[run] == [outcome])
    return log.starts.map(\.kind)
  }

  @Test func aFinishedEffectGoesOnToWhatFollowsIt() {
    #expect(self.startedKinds(endingWith: .finished) == [.run, .send])
  }

  @Test(arguments: [CancellationReason.storeTaskCancelled, .storeReleased])
  func aCancelledEffectStopsWhatFollowsIt(reason: CancellationReason) {
    #expect(self.startedKinds(endingWith: .cancelled(reason)) == [.run])
  }
}
