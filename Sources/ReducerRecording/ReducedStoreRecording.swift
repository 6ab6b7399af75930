#if ComposableArchitecture
  import ComposableArchitecture
#else
  import ComposableRuntime
#endif
import Atomics
import ConcurrencyExtras
import Dependencies
import Foundation
import InstrumentationValues
import RecorderCore
import RecorderPrimitives

/// What the reducer operator knows of the store it records: the recorder's observer, the ids it
/// gave actions and effects, and which effect sent each action not yet reduced.
///
/// NB: The ids are the operator's own, counted as the hook recorder's store counts them: actions
/// in the order the reducer sees them, effects in the order the actions returned them.
@usableFromInline
final class ReducedStoreRecording<State, Action>: @unchecked Sendable {
  // NB: @unchecked: everything but `sentBack` and `pendingSentBack` is touched on the store's
  // thread alone, where the store reduces and where an effect's end is reported; those two are
  // locked and atomic. A TCA reducer is not isolated, and its store runs it on the main actor:
  // the fields skip run-time exclusivity checks, which cost more than what they guard here.
  let recorder: Recorder
  @exclusivity(unchecked) private var observer: RecordingObserver<State, Action>?
  /// `observer`, for the calls on every action: they need not retain and release it (an atomic
  /// operation each on the store's thread), since `observer` keeps it alive once set.
  @exclusivity(unchecked) private var attached: Unmanaged<RecordingObserver<State, Action>>?
  @exclusivity(unchecked) private var lastActionID: UInt64 = 0
  @exclusivity(unchecked) private var lastEffectID: UInt64 = 0
  /// The effects that sent the actions the store has not reduced yet, oldest first.
  private let sentBack = LockIsolated<[EffectID]>([])
  /// How many `sentBack` holds: most actions find it empty without taking its lock.
  private let pendingSentBack = ManagedAtomic(0)
  /// The bytes of the store's dependencies of last time (`recordedDependencies.store`), compared
  /// with the store's without copying either.
  private let storeDependencyBytes = UnsafeMutableRawBufferPointer.allocate(
    byteCount: MemoryLayout<DependencyValues>.size,
    alignment: MemoryLayout<DependencyValues>.alignment)
  /// The store's dependencies of last time, and them with reads recorded; made when the first
  /// action is reduced.
  @exclusivity(unchecked) private var recordedDependencies: RecordedDependencies?
  /// The recording wrappers, made from the store's dependencies, and again for a value they
  /// change.
  @exclusivity(unchecked) private var recordingDependencies: RecordingDependencies?
  /// `DependencyValues.$_current`, kept: reaching the static on every action costs a lazy
  /// initialization check, and a retain and a release of the task-local.
  @usableFromInline let currentDependencies = DependencyValues.$_current

  @usableFromInline
  init(recorder: Recorder) {
    self.recorder = recorder
  }

  deinit {
    self.storeDependencyBytes.deallocate()
  }

  /// Tells the recorder an action is about to be reduced from `state`, and attributes what is
  /// read on this thread to it until ``didReduce(_:id:origin:state:restoring:)``; returns its
  /// id, the effect that sent it if any, and what was attributed before.
  ///
  /// NB: The first action attaches the recorder: a reducer first sees the store's state then.
  @usableFromInline
  func willReduce(state: State) -> (
    id: ActionID, origin: ActionOrigin, outside: UInt64
  ) {
    let attached = self.attached ?? self.attach(initialState: state)
    self.lastActionID &+= 1
    let id = ActionID(rawValue: self.lastActionID)
    // NB: A store reduces actions in the order it receives them, and an effect's action passes
    // through `sent(by:)` just before the store receives it; an action sent from outside does
    // not. So the oldest effect noted, if any, sent this one.
    var sender: EffectID?
    if self.pendingSentBack.load(ordering: .acquiring) > 0 {
      sender = self.sentBack.withValue { $0.isEmpty ? nil : $0.removeFirst() }
      if sender != nil { self.pendingSentBack.wrappingDecrement(ordering: .releasing) }
    }
    attached._withUnsafeGuaranteedRef { $0.reducerWillRun(id, state: state) }
    let origin: ActionOrigin = if let sender { .effect(sender) } else { .send }
    return (id, origin, recorder_reducing_action_exchange(id.rawValue))
  }

  /// Runs `body` with the store's dependencies as the reducer sees them, but `uuid`, `date`, the
  /// random number generator and `continuousClock` replaced by recording wrappers.
  ///
  /// NB: Made again only when the store's dependencies are not the ones of last time. Equal
  /// bytes are the same storage (the copy kept here keeps it alive, so its address cannot be
  /// reused), and so the same values: most actions skip copying and changing them, and compare
  /// without copying what was kept.
  @inlinable
  func withRecordedDependencies<Value>(_ body: () -> Value) -> Value {
    // NB: Lent in place from a constant of an object kept here, where a value read out of a
    // stored property or a pointer is copied first: the push makes the one copy it keeps.
    self.prepareRecordedDependencies()._withUnsafeGuaranteedRef {
      self.currentDependencies.withValue($0.values, operation: body)
    }
  }

  /// The store's dependencies with reads recorded, made again if the store's are not the ones of
  /// last time; kept alive by this recording until then, which is never during a push.
  @usableFromInline
  func prepareRecordedDependencies() -> Unmanaged<RecordedDependencies> {
    let store = self.currentDependencies.get()
    if self.recordedDependencies == nil || !self.isKept(store) {
      self.record(storeDependencies: store)
    }
    return Unmanaged.passUnretained(self.recordedDependencies.unsafelyUnwrapped)
  }

  /// Whether `store` has the bytes of the store's dependencies of last time.
  private func isKept(_ store: DependencyValues) -> Bool {
    withUnsafeBytes(of: store) { store in
      memcmp(
        store.baseAddress.unsafelyUnwrapped,
        self.storeDependencyBytes.baseAddress.unsafelyUnwrapped,
        store.count) == 0
    }
  }

  private func record(storeDependencies store: DependencyValues) {
    var recorded = store
    if self.recordingDependencies != nil {
      self.recordingDependencies!.install(in: &recorded)
    } else {
      self.recordingDependencies = RecordingDependencies(
        wrapping: &recorded, capture: self.recorder.dependencyCapture)
    }
    self.recordedDependencies = RecordedDependencies(store: store, values: recorded)
    withUnsafeBytes(of: store) { self.storeDependencyBytes.copyMemory(from: $0) }
  }

  /// Tells the recorder the reducer of `action` (`id`, sent from `origin`) ran, leaving `state`,
  /// and puts back what was attributed reads before it (`outside`, from
  /// ``willReduce(state:)``).
  @usableFromInline
  func didReduce(
    _ action: Action, id: ActionID, origin: ActionOrigin, state: State,
    restoring outside: UInt64
  ) {
    _ = recorder_reducing_action_exchange(outside)
    self.attached?._withUnsafeGuaranteedRef {
      $0.reducerDidRun(action, id: id, origin: origin, state: state)
    }
  }

  /// Tells the recorder the effect action `id` returned started, and returns it wrapped so that
  /// the recorder hears of every action it sends back and of its end.
  @usableFromInline
  func recordEffect(_ effect: Effect<Action>, returnedBy id: ActionID) -> Effect<Action> {
    self.lastEffectID &+= 1
    let effectID = EffectID(rawValue: self.lastEffectID)
    self.observer?.effectReturned(effectID, by: id)
    return effect.map { [self] in
      self.sent(by: effectID)
      return $0
    }
    .concatenate(
      with: .run { [self] _ in
        let taskCancelled = Task.isCancelled
        await MainActor.run { self.effectEnded(effectID, taskCancelled: taskCancelled) }
      })
  }

  /// Notes that `effect` is sending an action back: the next one the store reduces from an
  /// effect.
  ///
  /// NB: `map` sees an action only when it is delivered: `Send` drops what a cancelled effect
  /// sends before any transform runs (in TCA and in this runtime), so no note is left behind for
  /// the next action sent from outside to take.
  func sent(by effect: EffectID) {
    self.sentBack.withValue { $0.append(effect) }
    self.pendingSentBack.wrappingIncrement(ordering: .releasing)
  }

  /// Tells the recorder `effect` ended; on the store's actor.
  @MainActor
  func effectEnded(_ effect: EffectID, taskCancelled: Bool) {
    self.observer?.effectEndedUnseen(effect, taskCancelled: taskCancelled)
  }

  private func attach(initialState: State) -> Unmanaged<RecordingObserver<State, Action>> {
    // NB: Once per store: TCA's stores reduce on the main actor, where a recorder attaches.
    let state = UncheckedSendable(initialState)
    let observer: RecordingObserver<State, Action> = MainActor.assumeIsolated {
      self.recorder.attach(
        initialState: state.value, recordedBy: .reducer,
        reducing: {
          let id = recorder_reducing_action_get()
          return id == 0 ? nil : ActionID(rawValue: id)
        })
    }
    self.observer = observer
    let attached = Unmanaged.passUnretained(observer)
    self.attached = attached
    return attached
  }
}

/// The dependencies a recorded reducer runs with, in an object of their own: a constant in a
/// class is lent to the push in place, where a value in a stored property is copied first.
@usableFromInline
final class RecordedDependencies: Sendable {
  /// The store's dependencies they were made from, kept alive so that the storage they point to
  /// cannot be freed and its address reused.
  let store: DependencyValues
  @usableFromInline let values: DependencyValues

  init(store: DependencyValues, values: DependencyValues) {
    self.store = store
    self.values = values
  }
}
