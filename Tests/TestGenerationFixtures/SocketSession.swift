import ComposableRuntime
import Recorder

/// The socket fixture's session on a test clock: open, a message echoed after 50 ms, close.
public enum SocketSession {
  /// Records the session of `Socket<String>` into a new trace at `path`.
  @MainActor
  public static func record(to path: String) async throws {
    let clock = TestClock()
    let recorder = try Recorder(path: path)
    let store = Store(initialState: Socket<String>.State()) {
      Socket<String>().record(to: recorder)
    } withDependencies: {
      $0.continuousClock = clock
    }
    await withMainSerialExecutor {
      await store.send(.open).finish()
      let hello = store.send(.send("hello"))
      await clock.advance(by: .milliseconds(50))
      await hello.finish()
      await store.send(.close).finish()
    }
    await recorder.finish()
  }
}
