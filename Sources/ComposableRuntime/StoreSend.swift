/// What `store.send` is: a value that sends actions to its store, called like a function.
///
/// Each call passes its `#fileID` and `#line` with the action, so an observer (a recorder) learns
/// where in the app the action was sent from, with no change to the caller.
///
/// ```swift
/// store.send(.incrementButtonTapped)
/// await store.send(.task).finish()
/// let send = store.send
/// send(.decrementButtonTapped)  // the site is this line
/// ```
@MainActor
public struct StoreSend<State, Action> {
  @usableFromInline let store: Store<State, Action>

  @usableFromInline init(store: Store<State, Action>) {
    self.store = store
  }

  /// Sends an action to the store, returning the task of the effects it started.
  ///
  /// NB: Inlinable, as the store's `send(_:)` is a plain call: otherwise the property's getter
  /// and this method are two calls across modules on every send.
  @inlinable
  @discardableResult
  public func callAsFunction(
    _ action: Action, fileID: StaticString = #fileID, line: UInt = #line
  ) -> StoreTask {
    self.store.send(action, site: SendLocation(fileID: fileID, line: line))
  }
}
