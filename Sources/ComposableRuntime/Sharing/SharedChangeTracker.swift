import Atomics
import ConcurrencyExtras
import Dependencies
import IssueReporting

/// What a test store remembers of the shared values its actions changed: each one's value before
/// the first unasserted change, until the test asserts it.
///
/// NB: A shared value is a reference, so the states a test store keeps before and after an action
/// hold the same value. The tracker keeps the old value beside the reference instead: while a test
/// asserts (``assert(_:)``), a `Shared` reads and writes that snapshot, and comparing it with the
/// live value tells what the action changed, as TCA's test store does with swift-sharing.
final class SharedChangeTracker: Sendable {
  // NB: @unchecked: `value` is the snapshot of a `Sendable` reference's value, read and written
  // only under the tracker's lock.
  struct Change: @unchecked Sendable {
    var value: Any
    var shouldAssert = true
    let location: SourceLocation
    let describe: @Sendable (Any) -> String
  }

  private let changes = LockIsolated<[ObjectIdentifier: Change]>([:])

  /// How many trackers exist; while none does, a `Shared` skips looking for one.
  static let liveCount = ManagedAtomic(0)

  init() {
    Self.liveCount.wrappingIncrement(ordering: .relaxed)
  }

  deinit {
    Self.liveCount.wrappingDecrement(ordering: .relaxed)
  }

  /// Whether some shared value changed since the last reset.
  var hasChanges: Bool { !self.changes.value.isEmpty }

  func snapshot<Value>(of root: AnyObject) -> Value? {
    self.changes.value[ObjectIdentifier(root)]?.value as? Value
  }

  /// Keeps `value` as the snapshot of `root`; when tracking, only the first value counts.
  func save<Value>(
    _ value: Value, of root: some SharedReference<Value>, at location: SourceLocation,
    replacing: Bool
  ) {
    // NB: The value is only stored here, under the lock.
    nonisolated(unsafe) let value = value
    let id = ObjectIdentifier(root)
    self.changes.withValue { changes in
      if var change = changes[id] {
        if replacing {
          change.value = value
          changes[id] = change
        }
        return
      }
      changes[id] = Change(
        value: value, location: location,
        describe: { (old: Any) in
          let new = String(reflecting: root.wrappedValue)
          return "'Shared<\(Value.self)>(\(root))': \(String(reflecting: old)) → \(new)"
        })
    }
  }

  /// Marks the change to `root` as asserted.
  func untrack(_ root: AnyObject) {
    let id = ObjectIdentifier(root)
    self.changes.withValue { $0[id]?.shouldAssert = false }
  }

  func reset() {
    self.changes.withValue { $0.removeAll() }
  }

  /// Reports every change not yet asserted, then forgets them all.
  func reportUnassertedChanges(_ preamble: String) {
    let unasserted = self.changes.value.values.filter(\.shouldAssert)
    self.reset()
    for change in unasserted {
      let location = change.location
      reportTestStoreFailure(
        "\(preamble): \(change.describe(change.value))",
        fileID: location.fileID, filePath: location.filePath, line: location.line,
        column: location.column)
    }
  }

  /// Runs `body` with shared values changed in it tracked.
  func track<R>(_ body: () throws -> R) rethrows -> R {
    try withDependencies {
      $0.sharedSnapshots.tracking = self
    } operation: {
      try body()
    }
  }

  /// Runs `body` with shared values reading and writing their snapshots.
  func assert<R>(_ body: () throws -> R) rethrows -> R {
    try withDependencies {
      $0.sharedSnapshots.asserting = self
    } operation: {
      try body()
    }
  }
}

/// The trackers a `Shared` consults: the one recording changes, and the one a test asserts with.
struct SharedSnapshots: Sendable {
  var tracking: SharedChangeTracker?
  var asserting: SharedChangeTracker?

  var isAsserting: Bool { self.asserting != nil }
  var isTracking: Bool { self.tracking != nil }

  /// The trackers in effect here; nothing to look up while no test store exists.
  static var current: SharedSnapshots {
    guard SharedChangeTracker.liveCount.load(ordering: .relaxed) > 0 else {
      return SharedSnapshots()
    }
    @Dependency(\.sharedSnapshots) var snapshots
    return snapshots
  }

  func snapshot<Value>(of root: some SharedReference<Value>) -> Value? {
    self.asserting?.snapshot(of: root)
  }

  func save<Value>(
    _ value: Value, of root: some SharedReference<Value>, at location: SourceLocation
  ) {
    if let asserting {
      asserting.save(value, of: root, at: location, replacing: true)
    } else {
      self.tracking?.save(value, of: root, at: location, replacing: false)
    }
  }
}

private enum SharedSnapshotsKey: DependencyKey {
  static var liveValue: SharedSnapshots { SharedSnapshots() }
  static var testValue: SharedSnapshots { SharedSnapshots() }
}

extension DependencyValues {
  var sharedSnapshots: SharedSnapshots {
    get { self[SharedSnapshotsKey.self] }
    set { self[SharedSnapshotsKey.self] = newValue }
  }
}
