import Atomics
import ConcurrencyExtras
import Foundation

/// Sees every change to every shared value, from any thread: the recorder, which cannot see them
/// in the states it diffs because a shared value is a reference.
///
/// Each change is told twice: before it (``sharedValueWillChange(_:)``, the root still holds the
/// old value) and after it (``sharedValueDidChange(_:source:)``). Both run on the thread that
/// changed the value, outside the value's lock.
package protocol SharedChangeObserving: AnyObject, Sendable {
  func sharedValueWillChange(_ root: any SharedRoot)
  func sharedValueDidChange(_ root: any SharedRoot, source: SharedChangeSource)
}

/// Where a change to a shared value came from.
package enum SharedChangeSource: Sendable, Equatable {
  /// `$value.withLock { … }`, written at a place in the source.
  case write(fileID: String, line: UInt)
  /// The key told of a value changed outside the app (a file changed on disk).
  case key
  /// The value was loaded from its key again (`$value.load()`).
  case load
}

/// The storage that owns a shared value: a `Shared(value:)` box or a key's value.
package protocol SharedRoot: AnyObject, Sendable {
  /// The value now, boxed.
  var currentValue: Any { get }
  /// What the value is kept under: `.appStorage("unit")`, or `Shared(value:)` for a box.
  var keyName: String { get }
  /// Sets the value from its JSON encoding, as a replay feeds a recorded change; throws when the
  /// value is not `Decodable` or the JSON is not one of it.
  func replaceValue(decodingJSON data: Data) throws
}

/// The observers of shared changes; with none, a change costs one atomic load.
package enum SharedChangeObservers {
  private static let count = ManagedAtomic(0)
  private static let observers = LockIsolated<[any SharedChangeObserving]>([])

  /// Whether anything observes; read before building anything to tell.
  @inline(__always)
  package static var isObserved: Bool { Self.count.load(ordering: .relaxed) > 0 }

  /// Starts telling `observer` of every change.
  package static func add(_ observer: any SharedChangeObserving) {
    Self.observers.withValue { $0.append(observer) }
    Self.count.wrappingIncrement(ordering: .relaxed)
  }

  /// Stops telling `observer`.
  package static func remove(_ observer: any SharedChangeObserving) {
    let removed = Self.observers.withValue { observers in
      let before = observers.count
      observers.removeAll { $0 === observer }
      return before - observers.count
    }
    if removed > 0 { Self.count.wrappingDecrement(by: removed, ordering: .relaxed) }
  }

  package static func willChange(_ root: AnyObject) {
    guard let root = root as? any SharedRoot else { return }
    for observer in Self.observers.value { observer.sharedValueWillChange(root) }
  }

  package static func didChange(_ root: AnyObject, source: SharedChangeSource) {
    guard let root = root as? any SharedRoot else { return }
    for observer in Self.observers.value {
      observer.sharedValueDidChange(root, source: source)
    }
  }
}

/// Why a recorded change could not be set on a shared value.
package enum SharedReplayError: Error, CustomStringConvertible {
  case notDecodable(type: String)

  package var description: String {
    switch self {
    case let .notDecodable(type): "\(type) is not Decodable, so a recorded value cannot be set"
    }
  }
}
