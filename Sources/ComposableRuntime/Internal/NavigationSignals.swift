import ConcurrencyExtras

/// The presentations alive in one store: for each presented destination or pushed stack element,
/// the signal its `\.dismiss` dependency sends to end it.
///
/// Each presentation runs one long-lived effect that waits for this signal and then sends the
/// parent's dismiss action (`.dismiss`, `.popFrom(id:)`). So the recorder sees that effect finish
/// when the child dismissed itself, and be cancelled when the parent removed the child.
final class NavigationSignals: Sendable {
  private let continuations = LockIsolated<[NavigationIDPath: AsyncStream<Void>.Continuation]>([:])

  /// Whether a presentation effect is waiting at `path`.
  func isPresented(_ path: NavigationIDPath) -> Bool {
    self.continuations.value[path] != nil
  }

  /// Starts waiting for a dismissal at `path`; the stream yields once when it comes.
  func register(_ path: NavigationIDPath) -> AsyncStream<Void> {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    self.continuations.withValue { $0[path] = continuation }
    return stream
  }

  /// Forgets `path` once its presentation effect has ended.
  func unregister(_ path: NavigationIDPath) {
    self.continuations.withValue { _ = $0.removeValue(forKey: path) }
  }

  /// Asks the presentation at `path` to dismiss; returns whether one was there.
  @discardableResult
  func dismiss(_ path: NavigationIDPath) -> Bool {
    guard let continuation = self.continuations.value[path] else { return false }
    continuation.yield()
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
