#if ComposableArchitecture
  import ComposableArchitecture
#else
  import ComposableRuntime
#endif

extension Reducer {
  /// Records the store that runs this reducer into `recorder`'s trace, through TCA's public API
  /// alone.
  ///
  /// ```swift
  /// import ComposableArchitecture
  /// import ReducerRecording
  ///
  /// let recorder = try Recorder(path: "session.sqlite")
  /// let store = Store(initialState: AppFeature.State()) {
  ///   AppFeature().record(to: recorder)
  /// }
  /// ```
  ///
  /// Apply it to the root reducer of the store. It sees every action with the state before and
  /// after it and how long the reducer took; the effect each action returns, as one effect, with
  /// every action it sends back and when it ends; and the `uuid`, `date`, random numbers and
  /// `continuousClock` requests the feature reads. What TCA's public API does not show is not
  /// guessed (the trace's header says so, and `tca-replay info` shows it): send sites, child-scope
  /// timings, an effect's parts, names and cancel ids, and whether an effect that ended finished
  /// or was cancelled by id. A recorder records one store.
  @inlinable
  @warn_unqualified_access
  public func record(to recorder: Recorder) -> _ReducerRecordingReducer<Self> {
    _ReducerRecordingReducer(base: self, recording: ReducedStoreRecording(recorder: recorder))
  }
}
