import ConcurrencyExtras
import InstrumentationValues
import StateReflection
import Trace

/// What a recorder's worker (or a replay) knows of shared values: each storage's value as of the
/// event it is on, so that states are reflected and diffed as they were then, not as they are now.
///
/// Storage the worker has seen a change to reads as that change left it; storage whose first
/// change it has not reached yet reads as the baseline kept before that change; any other storage
/// has not changed since the recording started, and reads live.
package final class SharedValueBook: @unchecked Sendable {
  // NB: @unchecked: a book is used by the one thread that owns it; ``frozenLookup()`` hands
  // other threads a copy.
  private struct Entry {
    weak var root: AnyObject?
    let value: Any
  }

  private let baselines: SharedBaselines
  private var values: [ObjectIdentifier: Entry] = [:]
  /// How many entries to hold before dropping those of storage that is gone.
  private var pruneAt = 64

  package init(baselines: SharedBaselines) {
    self.baselines = baselines
  }

  /// Runs `body` with shared values read on this thread as this book has them, as it goes on.
  package func withValues<R>(_ body: () throws -> R) rethrows -> R {
    try SharedValueOverride.withLookup({ [unowned self] root in self.lookUp(root) }, body)
  }

  /// The values as the book has them now, for another thread: what a keyframe encoded later
  /// must read.
  package func frozenLookup() -> @Sendable (AnyObject) -> Any? {
    let values = UncheckedSendable(self.values)
    let baselines = self.baselines
    return { root in
      if let entry = values.value[ObjectIdentifier(root)], entry.root === root {
        return entry.value
      }
      return baselines.valueBeforeChanges(of: root)
    }
  }

  /// The value `root` held at the event the worker is on, or `nil` when no change to it was
  /// heard of.
  package func value(of root: AnyObject) -> Any? {
    if let entry = self.values[ObjectIdentifier(root)], entry.root === root { return entry.value }
    return self.baselines.value(of: root)
  }

  /// What a `Shared` read under ``withValues(_:)`` reads: the value `root` held at the event the
  /// worker is on, its live value only when it has not changed since the recording started.
  private func lookUp(_ root: AnyObject) -> Any? {
    if let entry = self.values[ObjectIdentifier(root)], entry.root === root { return entry.value }
    return self.baselines.valueBeforeChanges(of: root)
  }

  /// Applies `changes` in order, and returns each storage's value before and after them.
  package func apply(_ changes: [SharedChange]) -> [ObjectIdentifier: SharedValueStep] {
    var steps: [ObjectIdentifier: SharedValueStep] = [:]
    for change in changes {
      let id = ObjectIdentifier(change.root)
      let old = steps[id]?.old ?? self.value(of: change.root) ?? change.value
      steps[id] = SharedValueStep(root: change.root, old: old, new: change.value)
      self.values[id] = Entry(root: change.root, value: change.value)
    }
    if self.values.count >= self.pruneAt {
      self.values = self.values.filter { $0.value.root != nil }
      self.pruneAt = max(64, self.values.count * 2)
    }
    return steps
  }

  /// The operations that say what `steps` did to the shared values in `state`, wherever in it
  /// they sit, leaving out those inside a path `diff` already replaced, inserted or removed.
  package func operations(
    of steps: [ObjectIdentifier: SharedValueStep], in state: Any, besides diff: [DiffOperation],
    differ: StructuralDiff
  ) -> [DiffOperation] {
    var operations: [DiffOperation] = []
    for location in ReferenceLocator.locations(of: Set(steps.keys), in: state) {
      guard let step = steps[ObjectIdentifier(location.reference)],
        !diff.contains(where: { location.path.hasPrefix($0.path) }),
        let old = location.value.reflectedValue(whenReferenceHolds: step.old),
        let new = location.value.reflectedValue(whenReferenceHolds: step.new)
      else { continue }
      operations += differ.operations(from: old, to: new, at: location.path)
    }
    return operations
  }
}

/// One storage's value before and after an event.
package struct SharedValueStep {
  package let root: any SharedRoot
  package let old: Any
  package let new: Any
}
