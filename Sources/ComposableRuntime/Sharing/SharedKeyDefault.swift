extension SharedReaderKey {
  /// A key with its default value attached, so a declaration needs none: `Key.Default[key,
  /// default: value]`.
  ///
  /// ```swift
  /// extension SharedKey where Self == FileStorageKey<[Item]>.Default {
  ///   static var items: Self { Self[.fileStorage(itemsURL), default: []] }
  /// }
  /// @Shared(.items) var items
  /// ```
  public typealias Default = _SharedKeyDefault<Self>
}

/// A key and its default value; spelled `Key.Default`, as in swift-sharing.
///
/// ```swift
/// let key = AppStorageKey<Int>.Default[.appStorage("count"), default: 0]
/// ```
public struct _SharedKeyDefault<Base: SharedReaderKey>: SharedReaderKey {
  let base: Base
  let defaultValue: @Sendable () -> Base.Value

  /// The base key's id: a key with a default shares its value with the key without.
  public var id: Base.ID { self.base.id }

  /// The default value.
  public var initialValue: Base.Value { self.defaultValue() }

  /// Attaches `value` to `key` as its default.
  ///
  /// ```swift
  /// Self[.appStorage("count"), default: 0]
  /// ```
  public static subscript(
    _ key: Base, default value: @autoclosure @escaping @Sendable () -> Base.Value
  ) -> Self {
    Self(base: key, defaultValue: value)
  }

  /// Loads as the base key does.
  public func load(context: LoadContext<Base.Value>, continuation: LoadContinuation<Base.Value>) {
    self.base.load(context: context, continuation: continuation)
  }

  /// Subscribes as the base key does.
  public func subscribe(
    context: LoadContext<Base.Value>, subscriber: SharedSubscriber<Base.Value>
  ) -> SharedSubscription {
    self.base.subscribe(context: context, subscriber: subscriber)
  }
}

extension _SharedKeyDefault: SharedKey where Base: SharedKey {
  /// Saves as the base key does.
  public func save(_ value: Base.Value, context: SaveContext, continuation: SaveContinuation) {
    self.base.save(value, context: context, continuation: continuation)
  }
}

extension _SharedKeyDefault: CustomStringConvertible {
  /// `.Default[.appStorage("count"), default: 0]`.
  public var description: String { ".Default[\(self.base), default: \(self.defaultValue())]" }
}

extension Shared {
  /// Shares the value under a key that carries its own default.
  ///
  /// ```swift
  /// @Shared(.items) var items
  /// ```
  public init<K: SharedKey<Value>>(_ key: K.Default) {
    self.init(wrappedValue: key.initialValue, key.base)
  }

  /// Shares the value under a key that carries a default, with another default here.
  ///
  /// ```swift
  /// @Shared(.items) var items = [Item(title: "Milk")]
  /// ```
  public init<K: SharedKey<Value>>(wrappedValue: @autoclosure () -> Value, _ key: K.Default) {
    self.init(wrappedValue: wrappedValue(), key.base)
  }
}

extension SharedReader {
  /// Reads the value under a key that carries its own default.
  ///
  /// ```swift
  /// @SharedReader(.items) var items
  /// ```
  public init<K: SharedReaderKey<Value>>(_ key: K.Default) {
    self.init(wrappedValue: key.initialValue, key.base)
  }

  /// Reads the value under a key that carries a default, with another default here.
  ///
  /// ```swift
  /// @SharedReader(.items) var items = []
  /// ```
  public init<K: SharedReaderKey<Value>>(wrappedValue: @autoclosure () -> Value, _ key: K.Default) {
    self.init(wrappedValue: wrappedValue(), key.base)
  }
}
