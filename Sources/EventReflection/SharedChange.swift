import Foundation
import InstrumentationValues

/// One change to a shared value: its storage, the value it left there, and where it came from.
package struct SharedChange: @unchecked Sendable {
  // NB: @unchecked: `value` is a copy of a `Sendable` shared value.
  package let root: any SharedRoot
  package let value: Any
  package let source: SharedChangeSource

  package init(root: any SharedRoot, value: Any, source: SharedChangeSource) {
    self.root = root
    self.value = value
    self.source = source
  }
}

/// The value each storage held before the first change to it that was heard of: what the
/// worker reflects for storage whose first change it has not reached yet.
package final class SharedBaselines: @unchecked Sendable {
  // NB: @unchecked: `values` is only touched under `lock`.
  private struct Baseline {
    weak var root: AnyObject?
    let value: Any
  }

  private let lock = NSLock()
  private var values: [ObjectIdentifier: Baseline] = [:]

  package init() {}

  /// Keeps `root`'s value now, unless one is already kept.
  package func keep(_ root: any SharedRoot) {
    let id = ObjectIdentifier(root)
    let isKept = self.lock.withLock { self.values[id].map { $0.root === root } ?? false }
    guard !isKept else { return }
    // NB: Read outside this lock: reading takes the value's own lock, and a thread that holds
    // that one may be on its way here from a `withLock` nested in another.
    let value = root.currentValue
    self.lock.withLock {
      if let kept = self.values[id], kept.root === root { return }
      self.values[id] = Baseline(root: root, value: value)
    }
  }

  /// Forgets every value kept, so that the next change of each storage keeps its value again: a
  /// decoded state has written its values by then, and those are what a session starts from.
  package func removeAll() {
    self.lock.withLock { self.values.removeAll() }
  }

  /// The value `root` held before its first change, if it changed.
  package func value(of root: AnyObject) -> Any? {
    let id = ObjectIdentifier(root)
    return self.lock.withLock {
      guard let kept = self.values[id], kept.root === root else { return nil }
      return kept.value
    }
  }

  /// The value `root` held before its first change: the one kept, or its live value when it has
  /// not changed; `nil` only for an object that is no shared storage.
  ///
  /// NB: A worker that finds no baseline and then reads the live value may read it after a
  /// change that began in between (the store's thread keeps the baseline, then writes). The
  /// baseline is kept before every change, so looking again after the live read tells: when one
  /// is kept by then, it is the value from before, and the live read may be later.
  package func valueBeforeChanges(of root: AnyObject) -> Any? {
    if let kept = self.value(of: root) { return kept }
    guard let storage = root as? any SharedRoot else { return nil }
    let live = storage.currentValue
    return self.value(of: root) ?? live
  }
}
