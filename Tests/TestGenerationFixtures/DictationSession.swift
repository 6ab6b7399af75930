import ComposableRuntime
import Foundation
import Recorder

/// The dictation's session as an app lives it, on a real `ContinuousClock`: listening starts,
/// and after a short real pause the stream fails because another app took the microphone.
public enum DictationSession {
  /// The dependencies a test of the session gives, as Swift statements: the stream the test
  /// drives, and the client reading it.
  public static let dependencies = """
    let utterances = AsyncThrowingStream.makeStream(of: Utterance.self)
    $0[DictationClient.self].listen = { utterances.stream }
    """

  /// Records the session of ``Dictation`` in a live `Store` into a new trace at `path`.
  @MainActor
  public static func record(to path: String) async throws {
    let recorder = try Recorder(path: path)
    let utterances = AsyncThrowingStream.makeStream(of: Utterance.self)
    let store = Store(initialState: Dictation.State()) {
      Dictation().record(to: recorder)
    } withDependencies: {
      $0.continuousClock = ContinuousClock()
      $0[DictationClient.self].listen = { utterances.stream }
    }
    let listening = store.send(.listenTapped)
    try await Task.sleep(for: .milliseconds(5))
    utterances.continuation.finish(throwing: DictationClient.Failure.microphoneBusy)
    await listening.finish()
    await recorder.finish()
  }
}
