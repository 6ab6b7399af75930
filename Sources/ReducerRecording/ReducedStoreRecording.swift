import ConcurrencyExtras
import Dependencies
import InstrumentationValues
import RecorderCore
import RecorderPrimitives

/// What the reducer operator knows of the store it records: the recorder's observer, the ids it
/// gave actions and effects, and which effect sent each action not yet reduced.
///
/// NB: The ids are the operator's own, counted as the hook recorder's store counts them: actions
/// in the order the reducer sees them, effects in the order the actions returned them.
final class ReducedStoreRecording<State, Action>: @unchecked Sendable {
  // NB: @unchecked: everything but `sentBack` is touched on the main actor alone, where the store
  // reduces and where the effect's end reports; `sentBack` is locked.
  let recorder: Recorder
  @MainActor private var observer: RecordingObserver<State, Action>?
  @MainActor private var lastActionID: UInt64 = 0
  @MainActor private var lastEffectID: UInt64 = 0
  /// The effects that sent the actions the store has not reduced yet, oldest first.
  private let sentBack = LockIsolated<[EffectID]>([])
  /// The dependencies that record what is read, made once from the store's own.
  @MainActor private var recordingDependencies: RecordingDependencies?

  init(recorder: Recorder) {
    self.recorder = recorder
  }

  /// Tells the recorder of an action about to be reduced from `state`, and returns its id.
  ///
  /// NB: The first action attaches the recorder: a reducer first sees the store's state then.
  @MainActor
  func willReduce(_ action: Action, state: State) -> ActionID {
    let observer = self.observer ?? self.attach(initialState: state)
    self.lastActionID += 1
    let id = ActionID(rawValue: self.lastActionID)
    // NB: A store reduces actions in the order it receives them, and an effect's action passes
    // through `sent(by:)` just before the store receives it; an action sent from outside does
    // not. So the oldest effect noted, if any, sent this one.
    let sender = self.sentBack.withValue { $0.isEmpty ? nil : $0.removeFirst() }
    observer.storeDidReceive(action, id: id, origin: sender.map { .effect($0) } ?? .send, site: nil)
    observer.reducerWillRun(id, state: state)
    return id
  }

  /// Runs the reducer of action `id`, which dependency reads on this thread are attributed to.
  func reducing<R>(_ id: ActionID, _ body: () -> R) -> R {
    let previous = recorder_reducing_action_exchange(id.rawValue)
    defer { _ = recorder_reducing_action_exchange(previous) }
    return body()
  }

  /// Tells the recorder the reducer of `id` ran, leaving `state`.
  @MainActor
  func didReduce(_ id: ActionID, state: State) {
    self.observer?.reducerDidRun(id, state: state)
  }

  /// Tells the recorder the effect action `id` returned started, and returns its id.
  @MainActor
  func effectReturned(by id: ActionID) -> EffectID {
    self.lastEffectID += 1
    let effect = EffectID(rawValue: self.lastEffectID)
    self.observer?.effectReturned(effect, by: id)
    return effect
  }

  /// Notes that `effect` is sending an action back: the next one the store reduces from an
  /// effect.
  ///
  /// NB: Not when the effect's task is cancelled: a store drops what a cancelled effect sends,
  /// and a note left behind would be taken by the next action sent from outside.
  func sent(by effect: EffectID) {
    guard !Task.isCancelled else { return }
    self.sentBack.withValue { $0.append(effect) }
  }

  /// Tells the recorder `effect` ended.
  @MainActor
  func effectEnded(_ effect: EffectID, taskCancelled: Bool) {
    self.observer?.effectEndedUnseen(effect, taskCancelled: taskCancelled)
  }

  /// Replaces the dependencies the reducer reads with ones that record every value read.
  @MainActor
  func recordReads(in dependencies: inout DependencyValues) {
    if let recording = self.recordingDependencies {
      recording.install(in: &dependencies)
    } else {
      self.recorder.dependencyCapture.wrap(&dependencies)
      self.recordingDependencies = RecordingDependencies(dependencies)
    }
  }

  @MainActor
  private func attach(initialState: State) -> RecordingObserver<State, Action> {
    let observer: RecordingObserver<State, Action> = self.recorder.attach(
      initialState: initialState, recordedBy: .reducer,
      reducing: {
        let id = recorder_reducing_action_get()
        return id == 0 ? nil : ActionID(rawValue: id)
      })
    self.observer = observer
    return observer
  }
}

/// The recording wrappers of the dependencies a recorder watches, made once and put in place
/// for every action.
///
/// NB: Made from the store's dependencies as the first action sees them; a store whose
/// dependencies change later (a `TestStore`'s `dependencies` set between sends) keeps recording
/// through the first ones.
struct RecordingDependencies {
  let uuid: UUIDGenerator
  let date: DateGenerator
  let continuousClock: any Clock<Duration>
  let withRandomNumberGenerator: WithRandomNumberGenerator

  init(_ wrapped: DependencyValues) {
    self.uuid = wrapped.uuid
    self.date = wrapped.date
    self.continuousClock = wrapped.continuousClock
    self.withRandomNumberGenerator = wrapped.withRandomNumberGenerator
  }

  func install(in dependencies: inout DependencyValues) {
    dependencies.uuid = self.uuid
    dependencies.date = self.date
    dependencies.continuousClock = self.continuousClock
    dependencies.withRandomNumberGenerator = self.withRandomNumberGenerator
  }
}
