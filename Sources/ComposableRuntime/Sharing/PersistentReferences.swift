import Dependencies
import Foundation
import IssueReporting

/// The references of the keys in use, so that two `Shared`s declared with one key share a value.
///
/// A reference lives as long as some `Shared` holds it; the next declaration of its key after
/// that loads the value from the key again.
final class PersistentReferences: @unchecked Sendable {
  // NB: @unchecked: `entries` is only touched under `lock`.
  private struct Entry {
    weak var reference: AnyObject?
    let valueType: Any.Type
  }

  private let lock = NSRecursiveLock()
  private var entries: [AnyHashable: Entry] = [:]

  /// The reference of `key`, made from `defaultValue` if no `Shared` holds one; `nil` when the key
  /// is already in use with another type of value (an issue is reported).
  func reference<Key: SharedReaderKey>(
    forKey key: Key, default defaultValue: () throws -> Key.Value, skipInitialLoad: Bool
  ) rethrows -> PersistentReference<Key>? {
    let id = AnyHashable(key.id)
    if let found = self.lock.withLock({ self.entries[id] }), let reference = found.reference {
      if let reference = reference as? PersistentReference<Key> { return reference }
      self.reportMismatch(key, existing: found.valueType)
      return nil
    }
    let reference = PersistentReference(
      key: key, value: try defaultValue(), skipInitialLoad: skipInitialLoad)
    return self.lock.withLock {
      // NB: Loading ran outside the lock; another thread may have registered the key meanwhile.
      if let other = self.entries[id]?.reference {
        return other as? PersistentReference<Key>
      }
      self.entries[id] = Entry(reference: reference, valueType: Key.Value.self)
      nonisolated(unsafe) let id = id
      reference.onDeinit = { [weak self] in self?.forget(id) }
      return reference
    }
  }

  /// The live reference of the key named `keyName` (``SharedRoot/keyName``), as a trace names it.
  func root(named keyName: String) -> (any SharedRoot)? {
    self.lock.withLock {
      self.entries.values.lazy
        .compactMap { $0.reference as? any SharedRoot }
        .first { $0.keyName == keyName }
    }
  }

  private func forget(_ id: AnyHashable) {
    self.lock.withLock {
      if self.entries[id]?.reference == nil { self.entries[id] = nil }
    }
  }

  private func reportMismatch<Key: SharedReaderKey>(_ key: Key, existing: Any.Type) {
    reportIssue(
      """
      \(key) is declared with two types of value: \(existing) and \(Key.Value.self). A key holds \
      one type of value; this declaration gets a value of its own, kept in memory and saved \
      nowhere, so the value stored under the key is left as it is.
      """)
  }
}

extension PersistentReferences: DependencyKey {
  static var liveValue: PersistentReferences { PersistentReferences() }
  static var testValue: PersistentReferences { PersistentReferences() }
}
