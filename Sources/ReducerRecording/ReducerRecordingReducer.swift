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
///
/// NB: A store calls `_reduce` through the `Reducer` conformance from its own module, where this
/// type is not specialized: every action would look up the metadata of `Effect<Action>` and the
/// like several times. So the work is in `reduce`, a closure made by the inlinable initializer,
/// which ``Reducer/record(to:)`` calls where the app's types are known: the closure is compiled
/// for them, and `_reduce` only calls it.
public struct _ReducerRecordingReducer<Base: Reducer>: Reducer {
  @usableFromInline let reduce: (inout Base.State, Base.Action) -> Effect<Base.Action>

  @inlinable
  init(base: Base, recording: ReducedStoreRecording<Base.State, Base.Action>) {
    self.reduce = { state, action in
      Self.reduce(base, recording: recording, into: &state, action: action)
    }
  }

  @inlinable
  public func _reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    self.reduce(&state, action)
  }

  @inlinable
  static func reduce(
    _ base: Base, recording: ReducedStoreRecording<Base.State, Base.Action>,
    into state: inout Base.State, action: Base.Action
  ) -> Effect<Base.Action> {
    let (id, origin, outside) = recording.willReduce(state: state)
    let effect = recording.withRecordedDependencies { base._reduce(into: &state, action: action) }
    recording.didReduce(action, id: id, origin: origin, state: state, restoring: outside)
    guard !effect._isNone else { return effect }
    return recording.recordEffect(effect, returnedBy: id)
  }
}
