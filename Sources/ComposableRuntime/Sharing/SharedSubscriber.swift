/// How a key tells a shared value of changes made outside the app.
///
/// ```swift
/// func subscribe(
///   context: LoadContext<Int>, subscriber: SharedSubscriber<Int>
/// ) -> SharedSubscription {
///   let token = center.observe { subscriber.yield($0) }
///   return SharedSubscription { center.remove(token) }
/// }
/// ```
public struct SharedSubscriber<Value>: Sendable {
  let callback: @Sendable (Result<Value?, any Error>) -> Void
  let onLoading: (@Sendable (Bool) -> Void)?

  /// Makes a subscriber that hands each result to `callback`.
  ///
  /// ```swift
  /// SharedSubscriber<Int> { result in print(result) }
  /// ```
  public init(
    callback: @escaping @Sendable (Result<Value?, any Error>) -> Void,
    onLoading: (@Sendable (Bool) -> Void)? = nil
  ) {
    self.callback = callback
    self.onLoading = onLoading
  }

  /// Hands over a new value.
  ///
  /// ```swift
  /// subscriber.yield(42)
  /// ```
  public func yield(_ value: Value) {
    self.yield(with: .success(value))
  }

  /// Says whether the key is loading a new value.
  ///
  /// ```swift
  /// subscriber.yieldLoading(true)
  /// ```
  public func yieldLoading(_ isLoading: Bool = true) {
    self.onLoading?(isLoading)
  }

  /// Says the stored value is gone: the `Shared` goes back to its initial value.
  ///
  /// ```swift
  /// subscriber.yieldReturningInitialValue()
  /// ```
  public func yieldReturningInitialValue() {
    self.yield(with: .success(nil))
  }

  /// Hands over an error reading the new value.
  ///
  /// ```swift
  /// subscriber.yield(throwing: error)
  /// ```
  public func yield(throwing error: any Error) {
    self.yield(with: .failure(error))
  }

  /// Hands over a result.
  ///
  /// ```swift
  /// subscriber.yield(with: Result { try decode(data) })
  /// ```
  public func yield(with result: Result<Value?, any Error>) {
    self.callback(result)
  }
}

/// Ends a key's subscription when cancelled or released.
///
/// ```swift
/// SharedSubscription { observer.stop() }
/// ```
public struct SharedSubscription: Sendable {
  private let box: Box

  /// Makes a subscription that runs `cancel` once, when cancelled or released.
  ///
  /// ```swift
  /// SharedSubscription {}
  /// ```
  public init(_ cancel: @escaping @Sendable () -> Void) {
    self.box = Box(cancel)
  }

  /// Ends the subscription.
  ///
  /// ```swift
  /// subscription.cancel()
  /// ```
  public func cancel() {
    self.box.cancel()
  }

  private final class Box: Sendable {
    private let onCancel: LockIsolated<(@Sendable () -> Void)?>

    init(_ onCancel: @escaping @Sendable () -> Void) {
      self.onCancel = LockIsolated(onCancel)
    }

    deinit {
      self.cancel()
    }

    func cancel() {
      let onCancel = self.onCancel.withValue { onCancel in
        defer { onCancel = nil }
        return onCancel
      }
      onCancel?()
    }
  }
}
