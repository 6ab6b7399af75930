import Atomics
import Foundation

/// Holds the reference of a `Shared` or `SharedReader`, so that `load(_:)` and `$shared = other`
/// can swap it for every copy.
///
/// NB: Read on every access to the value and swapped almost never, so until the first swap the
/// reference is the one the box was made with, read with one atomic load instead of a lock.
final class ReferenceBox<Reference>: @unchecked Sendable {
  // NB: @unchecked: `initial` never changes; `replacement` is only touched under `lock`, and only
  // once `isReplaced` says it was set.
  private let initial: Reference
  private let isReplaced = ManagedAtomic(false)
  private let lock = NSLock()
  private var replacement: Reference?

  init(_ reference: Reference) {
    self.initial = reference
  }

  var reference: Reference {
    get {
      guard self.isReplaced.load(ordering: .acquiring) else { return self.initial }
      return self.lock.withLock { self.replacement! }
    }
    set {
      self.lock.withLock { self.replacement = newValue }
      self.isReplaced.store(true, ordering: .releasing)
    }
  }
}
