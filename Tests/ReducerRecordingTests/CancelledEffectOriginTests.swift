import ComposableRuntime
import Foundation
import ReducerRecording
import TestSupport
import Testing
import Trace

/// What a cancelled effect sends is dropped by the store, and the reducer operator does not
/// credit it to the next action sent from outside.
@MainActor
@Suite struct CancelledEffectOriginTests {
  @Reducer
  struct Poller {
    struct State: Equatable { var pings = 0 }
    enum Action: Equatable { case start, stop, late, ping }
    enum CancelID { case poll }
    @Dependency(\.continuousClock) var clock

    var body: some ReducerOf<Self> {
      Reduce { state, action in
        switch action {
        case .start:
          return .run { send in
            // NB: Swallows its cancellation and sends anyway, as careless effects do.
            try? await self.clock.sleep(for: .seconds(1))
            await send(.late)
          }
          .cancellable(id: CancelID.poll)
        case .stop:
          return .cancel(id: CancelID.poll)
        case .late:
          return .none
        case .ping:
          state.pings += 1
          return .none
        }
      }
    }
  }

  @Test(.timeLimit(.minutes(1)))
  func anActionSentFromOutsideAfterACancelledEffectSentIsFromOutside() async throws {
    let path = temporaryTracePath("cancelled")
    let clock = TestClock()
    let recorder = try Recorder(path: path)
    let store = Store(initialState: Poller.State()) {
      Poller().record(to: recorder)
    } withDependencies: {
      $0.continuousClock = clock
    }
    await withMainSerialExecutor {
      let started = store.send(.start)
      await Task.megaYield()
      store.send(.stop)
      await started.finish()
      store.send(.ping)
    }
    await recorder.finish()
    let actions = try TraceReader(path: path).actions(in: 1...Int64.max)
    #expect(actions.map(\.name) == ["start", "stop", "ping"])
    #expect(actions.last?.origin == .send)
  }
}
