import RuntimePrimitives

/// What child reducers need to report themselves while an observed store runs its reducer: the
/// observer, the action being reduced and the scope path so far.
///
/// NB: Reducers run synchronously inside `Store.send` and know nothing of the store, so the store
/// publishes the context in a thread-local slot for the duration of its batch, and only when it has
/// an observer. An unobserved store never touches the slot; a `Scope` pays one thread-local read.
@usableFromInline
final class InstrumentationContext {
  let observer: any StoreObserver
  // NB: Unchecked: the store's thread alone reads and writes these, once per action and per
  // scope, where a run-time exclusivity check costs more than the write.
  @exclusivity(unchecked) var action = ActionID(rawValue: 0)
  @exclusivity(unchecked) private var path: ScopePath = []

  init(observer: any StoreObserver) {
    self.observer = observer
  }

  /// The context of the observed store running on this thread, if any.
  @usableFromInline
  static var current: InstrumentationContext? {
    guard hookSitesCompiledIn, let pointer = composable_runtime_context_get() else { return nil }
    return Unmanaged<InstrumentationContext>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Publishes `context` on this thread and returns what was there, for ``restore(_:)``.
  ///
  /// The caller keeps `context` alive until it restores the slot.
  static func install(_ context: InstrumentationContext) -> UnsafeMutableRawPointer? {
    composable_runtime_context_exchange(Unmanaged.passUnretained(context).toOpaque())
  }

  /// Puts back what ``install(_:)`` found in the slot.
  static func restore(_ previous: UnsafeMutableRawPointer?) {
    composable_runtime_context_set(previous)
  }

  /// Reports the child reducer at `step` around `body`.
  ///
  /// NB: The child's path is a new array and the parent's is put back afterwards, rather than
  /// appending and removing the last step: the observer keeps the path it was given, so removing
  /// from a shared array would copy it again.
  @usableFromInline
  func withScope<R>(_ step: ScopeStep, _ body: () -> R) -> R {
    let parent = self.path
    var extended = parent
    extended.append(step)
    let path = extended
    self.path = path
    let action = self.action
    Self.fromStoresThread(Self.scopeWillRun)(self.observer, path, action)
    let result = body()
    Self.fromStoresThread(Self.scopeDidRun)(self.observer, path, action)
    self.path = parent
    return result
  }

  /// A report to the observer, callable from a child reducer, which is not isolated.
  ///
  /// NB: Only a root store sending on the main actor installs a context, and only in the slot of
  /// the thread it sends on, so whoever finds it already runs on the main actor.
  /// `MainActor.assumeIsolated` would check that at run time (a call into the concurrency
  /// runtime) and box its closure: twice per scope, that cost more than the reports themselves.
  /// A global actor's isolation does not change how a synchronous function is called.
  @inline(__always)
  private static func fromStoresThread(
    _ report: @escaping @MainActor (any StoreObserver, ScopePath, ActionID) -> Void
  ) -> (any StoreObserver, ScopePath, ActionID) -> Void {
    unsafeBitCast(report, to: ((any StoreObserver, ScopePath, ActionID) -> Void).self)
  }

  @MainActor
  private static func scopeWillRun(
    _ observer: any StoreObserver, _ path: ScopePath, _ action: ActionID
  ) {
    observer.scopeWillRun(path, action: action)
  }

  @MainActor
  private static func scopeDidRun(
    _ observer: any StoreObserver, _ path: ScopePath, _ action: ActionID
  ) {
    observer.scopeDidRun(path, action: action)
  }
}
