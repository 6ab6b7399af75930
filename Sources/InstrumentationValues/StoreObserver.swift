/// Receives a store's instrumentation events: actions received and reduced, child scopes entered
/// and left, effects started and ended.
///
/// Every method is called synchronously on the store's actor, in the order things happen, with no
/// clock read and no formatting done on the observer's behalf: read your own clock, and move slow
/// work (reflection, diffing, I/O) off the main actor. Each method has an empty default, so an
/// observer implements only what it needs. Observers compose: assigning ``Store/observer`` adds
/// one, and each sees every event, in the order they were added. A store with no observer pays
/// one `nil` check per event.
///
/// ```swift
/// final class ActionLog: StoreObserver {
///   var names: [String] = []
///   func storeDidReceive(_ action: AppFeature.Action, id: ActionID, origin: ActionOrigin) {
///     names.append("\(action)")
///   }
/// }
/// let store = Store(initialState: AppFeature.State()) { AppFeature() }
/// store.observer = ActionLog()
/// ```
@MainActor
public protocol StoreObserver<State, Action>: AnyObject, Sendable {
  /// The state of the store observed.
  associatedtype State
  /// The actions of the store observed.
  associatedtype Action

  /// The store received an action; it is queued if the store is busy with another.
  func storeDidReceive(_ action: Action, id: ActionID, origin: ActionOrigin)

  /// The store received an action sent from `site` in the app's source: where `store.send` or an
  /// effect's `send` was called, or `nil` when it is not known (the action came through `send`
  /// used as a function value, or an `Effect.send`).
  ///
  /// The store calls this one; its default calls ``storeDidReceive(_:id:origin:)``, so an
  /// observer that has no use for the site implements only that.
  func storeDidReceive(_ action: Action, id: ActionID, origin: ActionOrigin, site: SendLocation?)

  /// The root reducer is about to run for an action, on `state`.
  func reducerWillRun(_ action: ActionID, state: State)

  /// The root reducer ran for an action and left `state`.
  func reducerDidRun(_ action: ActionID, state: State)

  /// A child reducer (`Scope`, `ifLet`, `forEach`) is about to run; `path` leads from the root.
  func scopeWillRun(_ path: ScopePath, action: ActionID)

  /// The child reducer at `path` returned.
  func scopeDidRun(_ path: ScopePath, action: ActionID)

  /// An effect started.
  func effectDidStart(_ effect: EffectStart)

  /// An effect ended. Called exactly once for each effect that started.
  func effectDidEnd(_ effect: EffectID, outcome: EffectOutcome)
}

extension StoreObserver {
  public func storeDidReceive(_ action: Action, id: ActionID, origin: ActionOrigin) {}
  public func storeDidReceive(
    _ action: Action, id: ActionID, origin: ActionOrigin, site: SendLocation?
  ) {
    self.storeDidReceive(action, id: id, origin: origin)
  }
  public func reducerWillRun(_ action: ActionID, state: State) {}
  public func reducerDidRun(_ action: ActionID, state: State) {}
  public func scopeWillRun(_ path: ScopePath, action: ActionID) {}
  public func scopeDidRun(_ path: ScopePath, action: ActionID) {}
  public func effectDidStart(_ effect: EffectStart) {}
  public func effectDidEnd(_ effect: EffectID, outcome: EffectOutcome) {}
}
