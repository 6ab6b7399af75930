/// The work a `store.send(_:)` started: the effects of its action and of the actions they sent.
///
/// ```swift
/// await store.send(.refreshPulled).finish()
/// ```
public struct StoreTask: Hashable, Sendable {
  /// The task that awaits the effects, `nil` when the action started none.
  public let rawValue: Task<Void, Never>?

  /// Wraps a task.
  public init(rawValue: Task<Void, Never>?) {
    self.rawValue = rawValue
  }

  init(group: SendGroup?) {
    // NB: A batch that started only `.send` effects has nothing left to await.
    guard let group, group.record(at: 0) != nil else {
      self.rawValue = nil
      return
    }
    self.rawValue = Task { @MainActor in
      await withTaskCancellationHandler {
        var index = 0
        while let record = group.record(at: index) {
          await record.task?.value
          index += 1
        }
      } onCancel: {
        group.cancelAll(.storeTaskCancelled)
      }
    }
  }

  /// Cancels the effects; the store's instrumentation reports them as cancelled because the store
  /// task was.
  public func cancel() {
    self.rawValue?.cancel()
  }

  /// Waits until every effect has ended.
  public func finish() async {
    await self.rawValue?.value
  }

  /// Whether the task was cancelled; `true` when there was nothing to run.
  public var isCancelled: Bool {
    self.rawValue?.isCancelled ?? true
  }
}
