import ComposableRuntime
import Tracing

extension Reducer {
  /// Traces the store that runs this reducer through the tracer the app bootstrapped.
  ///
  /// The store's actions, the child scopes they run through and the effects they start become
  /// spans of whatever tracer `InstrumentationSystem` holds when the store is made (swift-otel's,
  /// for one), so a tracing backend shows them beside the server's own spans:
  ///
  /// ```swift
  /// Store(initialState: AppFeature.State()) {
  ///   AppFeature().record(to: recorder).traced()
  /// }
  /// ```
  ///
  /// Apply it to the root reducer of the store, outside `.record(to:)` when both are used: the
  /// spans then carry the recorded sequence numbers. With no tracer bootstrapped it attaches
  /// nothing of its own, and the store runs as it would without it.
  @warn_unqualified_access
  public func traced() -> _TracingReducer<Self> {
    _TracingReducer(base: self, tracer: nil)
  }

  /// Traces the store that runs this reducer through `tracer`.
  ///
  /// ```swift
  /// let tracer = InMemoryTracer()
  /// let store = Store(initialState: AppFeature.State()) { AppFeature().traced(tracer: tracer) }
  /// ```
  ///
  /// See ``Reducer/traced()`` for the spans it emits.
  @warn_unqualified_access
  public func traced(tracer: some Tracer) -> _TracingReducer<Self> {
    _TracingReducer(base: self, tracer: tracer)
  }
}

/// Made by ``Reducer/traced()``: runs its base unchanged and attaches a tracing observer.
public struct _TracingReducer<Base: Reducer>: _ObservingReducer {
  let base: Base
  /// The tracer given to `traced(tracer:)`; `nil` for the bootstrapped one.
  let tracer: (any Tracer)?

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    self.base._reduce(into: &state, action: action)
  }

  @MainActor
  public func _makeObserver(
    initialState: Base.State
  ) -> (any StoreObserver<Base.State, Base.Action>)? {
    // NB: The store asks only its root reducer for an observer, so the one this wraps (a
    // recorder's) is asked here and watches the store beside the tracer.
    let inner = (self.base as? any _ObservingReducer<Base.State, Base.Action>)?
      ._makeObserver(initialState: initialState)
    let tracer = self.tracer ?? InstrumentationSystem.tracer
    // NB: With no tracer bootstrapped every span would be a no-op; attaching no observer at all
    // keeps such a store as cheap as one without `.traced()` (an observer that ignores every
    // event still costs a store about a fifth more per send).
    if tracer is NoOpTracer { return inner }
    return Self.observer(tracer, inner: inner)
  }

  @MainActor
  public func _prepareDependencies(_ dependencies: inout DependencyValues) {
    (self.base as? any _ObservingReducer<Base.State, Base.Action>)?
      ._prepareDependencies(&dependencies)
  }

  /// Opens the tracer's existential once, so each event calls its concrete `startSpan`.
  @MainActor
  private static func observer<T: Tracer>(
    _ tracer: T, inner: (any StoreObserver<Base.State, Base.Action>)?
  ) -> (any StoreObserver<Base.State, Base.Action>)? {
    TracingObserver<Base.State, Base.Action, T>(
      tracer: tracer, inner: inner, recordsSequence: inner != nil)
  }
}
