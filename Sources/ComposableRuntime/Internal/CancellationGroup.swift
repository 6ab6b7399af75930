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
final class SendGroup: Sendable {
  private let records = LockIsolated<[EffectRecord]>([])

  func append(_ record: EffectRecord) {
    self.records.withValue { $0.append(record) }
  }

  /// The record at `index`, if the group has grown that far.
  func record(at index: Int) -> EffectRecord? {
    self.records.withValue { index < $0.count ? $0[index] : nil }
  }

  func cancelAll(_ reason: CancellationReason) {
    for record in self.records.value { record.cancel(reason) }
  }
}
