/// Where a shared value is loaded from, and how its changes from outside arrive.
///
/// A key is a value: two keys with the same ``id`` name the same value, so every `@SharedReader`
/// and `@Shared` declared with them shares one. Write one to read a value the built-in keys don't:
///
/// ```swift
/// struct EnvironmentKey: SharedReaderKey {
///   let name: String
///   var id: String { self.name }
///   func load(context: LoadContext<String?>, continuation: LoadContinuation<String?>) {
///     continuation.resume(returning: ProcessInfo.processInfo.environment[self.name])
///   }
///   func subscribe(
///     context: LoadContext<String?>, subscriber: SharedSubscriber<String?>
///   ) -> SharedSubscription {
///     SharedSubscription {}
///   }
/// }
/// ```
public protocol SharedReaderKey<Value>: Sendable {
  /// The type of the value the key holds.
  associatedtype Value: Sendable
  /// What makes two keys name the same value.
  associatedtype ID: Hashable = Self

  /// Equal for keys that name the same value.
  var id: ID { get }

  /// Loads the value, resuming `continuation` with it, with `nil` for "use the initial value",
  /// or with an error.
  func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>)

  /// Starts telling `subscriber` of changes made outside the app; ends when the subscription is
  /// cancelled.
  func subscribe(context: LoadContext<Value>, subscriber: SharedSubscriber<Value>)
    -> SharedSubscription
}

extension SharedReaderKey where ID == Self {
  /// A key that is its own id.
  public var id: ID { self }
}
