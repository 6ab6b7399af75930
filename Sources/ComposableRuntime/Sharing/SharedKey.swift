/// A ``SharedReaderKey`` that can also save the value, so that `@Shared` can change it.
///
/// ```swift
/// struct LogKey: SharedKey {
///   var id: String { "log" }
///   func load(context: LoadContext<[String]>, continuation: LoadContinuation<[String]>) {
///     continuation.resumeReturningInitialValue()
///   }
///   func subscribe(
///     context: LoadContext<[String]>, subscriber: SharedSubscriber<[String]>
///   ) -> SharedSubscription {
///     SharedSubscription {}
///   }
///   func save(_ value: [String], context: SaveContext, continuation: SaveContinuation) {
///     print(value.last ?? "")
///     continuation.resume()
///   }
/// }
/// ```
public protocol SharedKey<Value>: SharedReaderKey {
  /// Saves `value`, resuming `continuation` when it is saved or with the error that stopped it.
  func save(_ value: Value, context: SaveContext, continuation: SaveContinuation)
}

/// Why a key is saving: a change to the value, or `$shared.save()`.
///
/// ```swift
/// func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
///   if context == .userInitiated { /* write at once */ }
/// }
/// ```
public enum SaveContext: Hashable, Sendable {
  /// The value changed.
  case didSet
  /// `save()` was called.
  case userInitiated
}

/// Why a key is loading: to give a new `Shared` its first value, or `$shared.load()`.
///
/// ```swift
/// func load(context: LoadContext<Int>, continuation: LoadContinuation<Int>) {
///   continuation.resume(returning: context.initialValue ?? 0)
/// }
/// ```
public enum LoadContext<Value> {
  /// A `Shared` is being created with this value as its default.
  case initialValue(Value)
  /// `load()` was called.
  case userInitiated

  /// The default the `Shared` was declared with, when there is one.
  public var initialValue: Value? {
    guard case .initialValue(let value) = self else { return nil }
    return value
  }
}

extension LoadContext: Sendable where Value: Sendable {}
extension LoadContext: Equatable where Value: Equatable {}
extension LoadContext: Hashable where Value: Hashable {}

/// A built-in key whose save is done when it returns and cannot fail (`.inMemory`,
/// `.appStorage`), so that a change to its value skips the continuation.
///
/// NB: A change to a shared value is on the reducer's path; the continuation a ``SharedKey``
/// saves with costs four allocations, more than the rest of the change.
protocol ImmediateSharedKey<Value>: SharedKey {
  func saveImmediately(_ value: Value)
  /// Whether the value needs saving only when its last `Shared` is released: the key keeps it
  /// nowhere else that anything reads meanwhile (`.inMemory`).
  var savesOnRelease: Bool { get }
}

extension ImmediateSharedKey {
  var savesOnRelease: Bool { false }
}
