#if ComposableArchitecture
  import ComposableArchitecture
#else
  import ComposableRuntime
#endif
import Dependencies

/// Made by ``Reducer/record(to:)``: runs its base unchanged and tells the recorder what it saw.
///
/// NB: A reducer operator, as TCA's own `_printChanges` is: it implements `_reduce` and calls its
/// base's, and wraps the effect the base returns with `map` and `concatenate`. Nothing else of
/// TCA's is used, so it compiles against `ComposableArchitecture` and `ComposableRuntime` alike.
/// `_reduce` is inlinable so that it is specialized for the app's types where the store is made:
/// unspecialized, every action looked up the metadata of `Effect<Action>` several times.
public struct _ReducerRecordingReducer<Base: Reducer>: Reducer {
  @usableFromInline let base: Base
  @usableFromInline let recording: ReducedStoreRecording<Base.State, Base.Action>

  init(base: Base, recording: ReducedStoreRecording<Base.State, Base.Action>) {
    self.base = base
    self.recording = recording
  }

  @inlinable
  public func _reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let recording = self.recording
    let id = recording.willReduce(action, state: state)
    let outside = recording.beginReducing(id)
    let effect = DependencyValues.$_current.withValue(recording.recordedDependencies()) {
      self.base._reduce(into: &state, action: action)
    }
    recording.endReducing(restoring: outside)
    recording.didReduce(id, state: state)
    guard !effect._isNone else { return effect }
    return recording.recordEffect(effect, returnedBy: id)
  }
}
