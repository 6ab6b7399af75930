/// The asynchronous work of one `.run` effect, as the store starts it.
@usableFromInline
struct RunOperation<Action>: Sendable {
  let name: String?
  let priority: TaskPriority?
  let navigationIDPath: NavigationIDPath
  let operation: @Sendable (Send<Action>) async throws -> Void
  let handler: (@Sendable (any Error, Send<Action>) async -> Void)?
  let location: SourceLocation
  /// `.run`, or `.presentation` for the effect that keeps a presented child alive.
  var kind: EffectStart.Kind = .run
  /// What the work does on its way out whatever happens (a presentation unregisters its child),
  /// for a store that tracks the effect without running its work (``EffectExecution/tracked``):
  /// it is called when the tracked effect ends.
  var cleanup: (@Sendable () -> Void)?

  /// The same work with every action it sends turned into another action.
  func map<T>(_ transform: @escaping @Sendable (Action) -> T) -> RunOperation<T> {
    let operation = self.operation
    let mappedOperation: @Sendable (Send<T>) async throws -> Void = { send in
      try await operation(Send<Action>(sendingFrom: { send.send(transform($0), $1) }))
    }
    var mappedHandler: (@Sendable (any Error, Send<T>) async -> Void)?
    if let handler = self.handler {
      mappedHandler = { error, send in
        await handler(error, Send<Action>(sendingFrom: { send.send(transform($0), $1) }))
      }
    }
    return RunOperation<T>(
      name: self.name,
      priority: self.priority,
      navigationIDPath: self.navigationIDPath,
      operation: mappedOperation,
      handler: mappedHandler,
      location: self.location,
      kind: self.kind,
      cleanup: self.cleanup
    )
  }
}

/// Where an effect was built, for the messages that name it.
@usableFromInline
struct SourceLocation: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt
}
