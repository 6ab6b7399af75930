/// The effects started inside one `.cancellable(id:)`: cancelling the id cancels those running and
/// stops the rest of the group (the later parts of a `concatenate`) from starting.
@MainActor
final class CancellationGroup {
  let cancelID: CancelID
  private(set) var reason: CancellationReason?
  private var running: [EffectID: EffectRecord] = [:]

  init(cancelID: CancelID) {
    self.cancelID = cancelID
  }

  var isCancelled: Bool { self.reason != nil }

  func insert(_ record: EffectRecord) {
    self.running[record.id] = record
  }

  func remove(_ record: EffectRecord) {
    self.running[record.id] = nil
  }

  func cancel(_ reason: CancellationReason) {
    if self.reason == nil { self.reason = reason }
    for record in self.running.values.sorted(by: { $0.id < $1.id }) {
      record.cancel(reason)
    }
  }
}

/// The tasks behind one `store.send(_:)`: those its batch started and those started later by the
/// actions they sent back. `StoreTask` awaits and cancels them.
///
/// Once cancelled, nothing more of the group starts: not the later parts of a `concatenate`, not
/// the presentation's closing `.dismiss`. NB: TCA runs all of these inside the one task that
/// `send` returns, where a cancelled task can no longer send, so a test that cancels that task
/// expects no further action.
final class SendGroup: Sendable {
  private let state = LockIsolated(Mutable())

  private struct Mutable {
    var records: [EffectRecord] = []
    var reason: CancellationReason?
  }

  /// Whether the `StoreTask` of this group was cancelled.
  var isCancelled: Bool { self.state.value.reason != nil }

  /// Adds a started effect; one that starts after the group was cancelled is cancelled at once.
  func append(_ record: EffectRecord) {
    let reason = self.state.withValue { state -> CancellationReason? in
      state.records.append(record)
      return state.reason
    }
    if let reason { record.cancel(reason) }
  }

  /// The record at `index`, if the group has grown that far.
  func record(at index: Int) -> EffectRecord? {
    self.state.withValue { index < $0.records.count ? $0.records[index] : nil }
  }

  func cancelAll(_ reason: CancellationReason) {
    let records = self.state.withValue { state -> [EffectRecord] in
      if state.reason == nil { state.reason = reason }
      return state.records
    }
    for record in records { record.cancel(reason) }
  }
}
