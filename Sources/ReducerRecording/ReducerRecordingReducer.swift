#if ComposableArchitecture
  import ComposableArchitecture
#else
  import ComposableRuntime
#endif
import ConcurrencyExtras
import Dependencies

/// Made by ``Reducer/record(to:)``: runs its base unchanged and tells the recorder what it saw.
///
/// NB: A reducer operator, as TCA's own `_printChanges` is: it implements `_reduce` and calls its
/// base's, and wraps the effect the base returns with `map` and `concatenate`. Nothing else of
/// TCA's is used, so it compiles against `ComposableArchitecture` and `ComposableRuntime` alike.
public struct _ReducerRecordingReducer<Base: Reducer>: Reducer {
  let base: Base
  let recording: ReducedStoreRecording<Base.State, Base.Action>

  public func _reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    // NB: A store reduces on the main actor, but `_reduce` is not isolated in TCA's protocol, and
    // neither the state nor the action need be `Sendable`: they never leave this call's thread.
    withUnsafeMutablePointer(to: &state) { state in
      let call = UncheckedSendable((reducer: self, state: state, action: action))
      return MainActor.assumeIsolated {
        call.value.reducer.reduce(into: call.value.state, action: call.value.action)
      }
    }
  }

  @MainActor
  private func reduce(
    into state: UnsafeMutablePointer<Base.State>, action: Base.Action
  ) -> Effect<Base.Action> {
    let recording = self.recording
    let id = recording.willReduce(action, state: state.pointee)
    let effect = recording.reducing(id) {
      withDependencies {
        recording.recordReads(in: &$0)
      } operation: {
        self.base._reduce(into: &state.pointee, action: action)
      }
    }
    recording.didReduce(id, state: state.pointee)
    guard !effect.isNone else { return effect }
    let effectID = recording.effectReturned(by: id)
    return effect.map { [recording] in
      recording.sent(by: effectID)
      return $0
    }
    .concatenate(
      with: .run { [recording] _ in
        await recording.effectEnded(effectID, taskCancelled: Task.isCancelled)
      })
  }
}
