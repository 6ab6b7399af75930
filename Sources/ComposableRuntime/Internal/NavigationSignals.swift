import ConcurrencyExtras

/// The presentations alive in one store: for each presented destination or pushed stack element,
/// the signal its `\.dismiss` dependency sends to end it.
///
/// Each presentation runs one long-lived effect that waits for this signal and then sends the
/// parent's dismiss action (`.dismiss`, `.popFrom(id:)`). So the recorder sees that effect finish
/// when the child dismissed itself, and be cancelled when the parent removed the child.
final class NavigationSignals: Sendable {
  private let continuations = LockIsolated<[NavigationIDPath: Registration]>([:])
  private let lastToken = LockIsolated(0)

  /// One presentation effect's wait, and a token telling it from a later one at the same path.
  private struct Registration {
    let token: Int
    let continuation: AsyncStream<Void>.Continuation
  }

  /// Whether a presentation effect is waiting at `path`.
  func isPresented(_ path: NavigationIDPath) -> Bool {
    self.continuations.value[path] != nil
  }

  /// Starts waiting for a dismissal at `path`; the stream yields once when it comes. The token
  /// is what ``unregister(_:token:)`` needs.
  func register(_ path: NavigationIDPath) -> (stream: AsyncStream<Void>, token: Int) {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    let token = self.lastToken.withValue { $0 += 1; return $0 }
    self.continuations.withValue { $0[path] = Registration(token: token, continuation: continuation) }
    return (stream, token)
  }

  /// Forgets `path` once its presentation effect has ended, unless a newer presentation at the
  /// same path registered since.
  ///
  /// NB: A cancelled presentation effect ends when its task next runs, which can be after the
  /// parent presented the same child again: forgetting the newer registration then would make
  /// the next child action start a second presentation effect, depending on scheduling.
  func unregister(_ path: NavigationIDPath, token: Int) {
    self.continuations.withValue {
      if $0[path]?.token == token { $0.removeValue(forKey: path) }
    }
  }

  /// Asks the presentation at `path` to dismiss; returns whether one was there.
  @discardableResult
  func dismiss(_ path: NavigationIDPath) -> Bool {
    guard let registration = self.continuations.value[path] else { return false }
    registration.continuation.yield()
    return true
  }
}

private enum NavigationSignalsKey: DependencyKey {
  static var liveValue: NavigationSignals { NavigationSignals() }
  static var testValue: NavigationSignals { NavigationSignals() }
}

extension DependencyValues {
  /// The presentations of the store running the reducer; each store sets its own.
  var navigationSignals: NavigationSignals {
    get { self[NavigationSignalsKey.self] }
    set { self[NavigationSignalsKey.self] = newValue }
  }
}
