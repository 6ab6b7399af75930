import Foundation

/// Where a `Shared` or `SharedReader` keeps its value: a box, a persisted key, or a path into one
/// of those.
///
/// A root reference (a box or a key) owns the value and the snapshot a test takes of it; a derived
/// reference (a member, an unwrapped optional, a read closure) reads and writes through its root.
protocol SharedReference<Value>: AnyObject, Sendable, CustomStringConvertible {
  associatedtype Value

  /// The root reference whose value this one reads, for snapshots and for the test store.
  var root: AnyObject { get }
  /// Equal for two references that read the same value the same way.
  var identity: AnyHashable { get }
  var wrappedValue: Value { get }
  var isLoading: Bool { get }
  var loadError: (any Error)? { get }
  /// The value a test asserts against: what it was before the action under test changed it.
  var snapshot: Value? { get }
  func load() async throws
  /// What this reference reads when its root holds `rootValue`; `nil` when `rootValue` is not a
  /// value of the root's type.
  func value(atRoot rootValue: Any) -> Value?
}

extension SharedReference {
  /// The value `Shared` and `SharedReader` show: the live one, or while a test store asserts, the
  /// snapshot the test expects (the live one when nothing was snapshotted).
  var shownValue: Value {
    if let recorded = SharedValueOverride.value(of: self) { return recorded }
    guard SharedSnapshots.current.isAsserting else { return self.wrappedValue }
    return self.snapshot ?? self.wrappedValue
  }
}

extension SharedReference where Value: Equatable {
  /// The equality of `Shared` and `SharedReader`: their shown values. While a test store asserts,
  /// a reference compared with itself compares the expected value with the live one (and is no
  /// longer tracked as unasserted), which is how an unasserted change is caught.
  func hasValue(equalTo other: any SharedReference<Value>) -> Bool {
    if let asserting = SharedSnapshots.current.asserting, self.identity == other.identity {
      asserting.untrack(self.root)
      return self.shownValue == other.wrappedValue
    }
    return self.shownValue == other.shownValue
  }
}

/// A reference whose value can be changed.
protocol MutableSharedReference<Value>: SharedReference {
  var saveError: (any Error)? { get }
  func takeSnapshot(_ value: Value, at location: SourceLocation)
  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R
  func save() async throws
}

/// The identity of a derived reference: its root's, and how it derives.
struct DerivedIdentity: Hashable {
  let base: AnyHashable
  let step: AnyHashable
}
