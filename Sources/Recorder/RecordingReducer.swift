import ComposableRuntime
import RecorderCore

extension Reducer {
  /// Records the store that runs this reducer into `recorder`'s trace.
  ///
  /// ```swift
  /// Store(initialState: AppFeature.State()) {
  ///   AppFeature().record(to: recorder)
  /// }
  /// ```
  ///
  /// Apply it to the root reducer of the store: it hands the store an observer that receives
  /// every action, state, effect and scope event. A recorder records one store.
  @warn_unqualified_access
  public func record(to recorder: Recorder) -> _RecordingReducer<Self> {
    _RecordingReducer(base: self, recorder: recorder)
  }
}

/// Made by ``Reducer/record(to:)``: runs its base unchanged and attaches the recorder.
public struct _RecordingReducer<Base: Reducer>: _ObservingReducer {
  let base: Base
  let recorder: Recorder

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    self.base._reduce(into: &state, action: action)
  }

  @MainActor
  public func _makeObserver(
    initialState: Base.State
  ) -> (any StoreObserver<Base.State, Base.Action>)? {
    self.recorder.attach(
      initialState: initialState, recordedBy: .hooks, reducing: { ActionID.currentlyReduced })
  }

  @MainActor
  public func _prepareDependencies(_ dependencies: inout DependencyValues) {
    self.recorder.dependencyCapture.wrap(&dependencies)
  }
}
