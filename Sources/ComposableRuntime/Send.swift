/// The way a `.run` effect sends actions back to the store.
///
/// Call it like a function: `await send(.response(value))`. Once the effect's task is cancelled,
/// calling it does nothing, so a cancelled effect cannot change the state.
@MainActor
public struct Send<Action>: Sendable {
  let send: @MainActor @Sendable (Action) -> Void

  /// Makes a `Send` from a closure; tests and adapters use it to collect what an effect sends.
  nonisolated public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = send
  }

  /// Sends an action back to the store, unless the effect's task has been cancelled.
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    self.send(action)
  }
}
