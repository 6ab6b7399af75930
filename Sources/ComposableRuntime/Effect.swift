/// Work a reducer asks the store to do after it has changed the state: send an action, run
/// asynchronous work that may send actions back, or cancel work in flight.
///
/// ```swift
/// case .factButtonTapped:
///   return .run { [count = state.count] send in
///     await send(.factResponse(Result { try await factClient.fetch(count) }))
///   }
/// ```
///
/// NB: TCA builds effects from Combine publishers, which Linux lacks. This runtime keeps an effect
/// as a tree of operations (send, run, cancel, merge, concatenate, cancellable) instead. Merged
/// `.run` effects stay separate leaves rather than one task group, so each gets its own id and its
/// own lifecycle in the store's instrumentation.
public struct Effect<Action> {
  @usableFromInline
  indirect enum Operation {
    case none
    case send(Action)
    /// A `.send` seen through `map`: the transform runs when the action is delivered, as TCA's
    /// mapped `Just` does, not when the effect is mapped.
    case mappedSend(() -> Action)
    case run(RunOperation<Action>)
    case cancel(CancelID, reason: CancellationReason)
    case cancelNavigation(NavigationIDPath)
    case merge([Effect<Action>])
    case concatenate([Effect<Action>])
    case cancellable(CancelID, cancelInFlight: Bool, Effect<Action>)
  }

  @usableFromInline
  let operation: Operation

  @usableFromInline
  init(operation: Operation) {
    self.operation = operation
  }
}

// NB: Actions need not be `Sendable`, as in TCA; effects only hand them to the store's actor.
extension Effect: @unchecked Sendable {}

/// A convenience for naming the effect of a feature: `EffectOf<Feature>`.
public typealias EffectOf<R: Reducer> = Effect<R.Action>

extension Effect {
  /// An effect that does nothing.
  @inlinable
  public static var none: Self {
    Self(operation: .none)
  }

  /// An effect that sends an action back to the store at once, in the same batch as the action
  /// that returned it and after the actions already queued (first in, first out).
  ///
  /// Prefer calling shared logic directly over sending actions to share it.
  @inlinable
  public static func send(_ action: Action) -> Self {
    Self(operation: .send(action))
  }

  /// An effect that runs asynchronous work in a task and can send actions back to the store.
  ///
  /// The dependencies in effect where the effect is built are restored inside `operation` and
  /// `handler`. A `CancellationError`, and any error thrown after the effect was cancelled, are
  /// ignored. Any other error goes to `handler`, or is reported as an issue if there is none; the
  /// store's instrumentation reports the effect as failed either way.
  ///
  /// ```swift
  /// return .run { send in
  ///   for await _ in clock.timer(interval: .seconds(1)) {
  ///     await send(.timerTicked)
  ///   }
  /// }
  /// .cancellable(id: CancelID.timer)
  /// ```
  public static func run(
    priority: TaskPriority? = nil,
    name: String? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    @Dependency(\.navigationIDPath) var navigationIDPath
    return withEscapedDependencies { dependencies in
      Self(
        operation: .run(
          RunOperation(
            name: name,
            priority: priority,
            navigationIDPath: navigationIDPath,
            operation: { send in try await dependencies.yield { try await operation(send) } },
            handler: handler.map { handler in
              { error, send in await dependencies.yield { await handler(error, send) } }
            },
            location: SourceLocation(
              fileID: fileID, filePath: filePath, line: line, column: column
            )
          )
        )
      )
    }
  }
}
