#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What child reducers need to report themselves while an observed store runs its reducer: the
/// observer, the action being reduced and the scope path so far.
///
/// NB: Reducers run synchronously inside `Store.send` and know nothing of the store, so the store
/// publishes the context in a thread-local slot for the duration of its batch, and only when it has
/// an observer. An unobserved store never touches the slot; a `Scope` pays one thread-local read.
@usableFromInline
final class InstrumentationContext {
  let observer: any StoreObserver
  var action = ActionID(rawValue: 0)
  private var path: ScopePath = []

  init(observer: any StoreObserver) {
    self.observer = observer
  }

  /// The context of the observed store running on this thread, if any.
  @usableFromInline
  static var current: InstrumentationContext? {
    guard hookSitesCompiledIn, let pointer = pthread_getspecific(slot) else { return nil }
    return Unmanaged<InstrumentationContext>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Publishes `context` on this thread while `body` runs, then restores what was there.
  static func installing<R>(_ context: InstrumentationContext, _ body: () -> R) -> R {
    let previous = pthread_getspecific(slot)
    pthread_setspecific(slot, Unmanaged.passUnretained(context).toOpaque())
    defer { pthread_setspecific(slot, previous) }
    return withExtendedLifetime(context) { body() }
  }

  /// Reports the child reducer at `step` around `body`.
  @usableFromInline
  func withScope<R>(_ step: ScopeStep, _ body: () -> R) -> R {
    self.path.append(step)
    let path = self.path
    let action = self.action
    let observer = self.observer
    MainActor.assumeIsolated { observer.scopeWillRun(path, action: action) }
    defer {
      MainActor.assumeIsolated { observer.scopeDidRun(path, action: action) }
      self.path.removeLast()
    }
    return body()
  }
}

private let slot: pthread_key_t = {
  var key = pthread_key_t()
  let status = pthread_key_create(&key, nil)
  precondition(status == 0, "pthread_key_create failed with status \(status)")
  return key
}()
