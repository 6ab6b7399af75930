import ConcurrencyExtras

/// One running `.run` effect, as the store tracks it: its task, the groups that can cancel it, and
/// why it was cancelled, if it was.
///
/// The cancellation reason is set under a lock because a `StoreTask` may be cancelled from any
/// thread; the first reason wins, so an effect reports exactly one outcome.
final class EffectRecord: Sendable {
  let id: EffectID
  let navigationIDPath: NavigationIDPath
  private let state = LockIsolated(Mutable())

  private struct Mutable {
    var task: Task<Void, Never>?
    var reason: CancellationReason?
    var isCompleted = false
    /// For an effect tracked but not run: ends it when it is cancelled, since no task will.
    var onCancel: (@Sendable (CancellationReason) -> Void)?
  }

  init(id: EffectID, navigationIDPath: NavigationIDPath) {
    self.id = id
    self.navigationIDPath = navigationIDPath
  }

  var task: Task<Void, Never>? { self.state.value.task }
  var reason: CancellationReason? { self.state.value.reason }
  var isCompleted: Bool { self.state.value.isCompleted }

  func attach(_ task: Task<Void, Never>) {
    let cancelNow = self.state.withValue { state -> Bool in
      state.task = task
      return state.reason != nil
    }
    if cancelNow { task.cancel() }
  }

  /// Calls `body` with the reason when the effect is first cancelled; for tracked effects.
  func onCancel(_ body: @escaping @Sendable (CancellationReason) -> Void) {
    self.state.withValue { $0.onCancel = body }
  }

  /// Cancels the effect's task, remembering `reason` unless another reason came first.
  func cancel(_ reason: CancellationReason) {
    let (task, onCancel) = self.state.withValue {
      state -> (Task<Void, Never>?, (@Sendable (CancellationReason) -> Void)?) in
      guard !state.isCompleted else { return (nil, nil) }
      let first = state.reason == nil
      if first { state.reason = reason }
      return (state.task, first ? state.onCancel : nil)
    }
    task?.cancel()
    onCancel?(reason)
  }

  /// Marks the effect's work as returned, after which cancelling it does nothing and sending
  /// from it is misuse. Returns the reason it was cancelled, if it was.
  func complete() -> CancellationReason? {
    self.state.withValue { state in
      state.isCompleted = true
      return state.reason
    }
  }
}
