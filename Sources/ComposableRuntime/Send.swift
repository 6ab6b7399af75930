/// The way a `.run` effect sends actions back to the store.
///
/// Call it like a function: `await send(.response(value))`. Once the effect's task is cancelled,
/// calling it does nothing, so a cancelled effect cannot change the state.
///
/// Each call passes its `#fileID` and `#line` along with the action, so a recording knows which
/// line of the effect sent it.
@MainActor
public struct Send<Action>: Sendable {
  let send: @MainActor @Sendable (Action, SendLocation?) -> Void

  /// Makes a `Send` from a closure; tests and adapters use it to collect what an effect sends.
  nonisolated public init(send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.send = { action, _ in send(action) }
  }

  /// Makes a `Send` that hands each action on with where it was sent from.
  nonisolated init(sendingFrom send: @escaping @MainActor @Sendable (Action, SendLocation?) -> Void)
  {
    self.send = send
  }

  /// Sends an action back to the store, unless the effect's task has been cancelled.
  ///
  /// ```swift
  /// return .run { send in
  ///   await send(.factResponse(try await factClient.fetch(count)))
  /// }
  /// ```
  public func callAsFunction(
    _ action: Action, fileID: StaticString = #fileID, line: UInt = #line
  ) {
    guard !Task.isCancelled else { return }
    self.send(action, SendLocation(fileID: fileID, line: line))
  }
}
