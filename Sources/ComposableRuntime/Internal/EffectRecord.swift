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

  /// Cancels the effect's task, remembering `reason` unless another reason came first.
  func cancel(_ reason: CancellationReason) {
    let task = self.state.withValue { state -> Task<Void, Never>? in
      guard !state.isCompleted else { return nil }
      if state.reason == nil { state.reason = reason }
      return state.task
    }
    task?.cancel()
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
