import Dependencies

/// A reducer that brings an observer for the store that runs it, the way `.record(to:)` attaches
/// a recorder: `Store(initialState: …) { AppFeature().record(to: recorder) }`.
///
/// When the root reducer of a store conforms, the store asks it once for its observer, with the
/// initial state, and installs it as ``Store/observer``.
public protocol _ObservingReducer<State, Action>: Reducer {
  /// The observer for a store starting from `initialState`; `nil` when it has nothing to observe
  /// (`.traced()` with no tracer), which leaves the store unobserved and as cheap as one without
  /// it.
  @MainActor
  func _makeObserver(initialState: State) -> (any StoreObserver<State, Action>)?

  /// Changes the dependencies of the store that runs it, once, when the store is made: how a
  /// recorder wraps the sources of non-determinism (`uuid`, `date`, random numbers) to record
  /// what the app reads.
  @MainActor
  func _prepareDependencies(_ dependencies: inout DependencyValues)
}

extension _ObservingReducer {
  @MainActor
  public func _prepareDependencies(_ dependencies: inout DependencyValues) {}
}
