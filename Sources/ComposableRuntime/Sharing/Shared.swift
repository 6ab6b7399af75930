import Foundation

/// A value several features share by reference, as swift-sharing's `@Shared` is.
///
/// Every copy of a `Shared` reads the same value, and a change made through one is seen by all.
/// The value lives in a box (`Shared(value:)`) or under a key (`.inMemory`, `.appStorage`,
/// `.fileStorage`, or your own ``SharedKey``); two `Shared`s declared with the same key share one
/// value wherever they are. Reading is plain; changing takes the lock:
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   @Shared(.appStorage("count")) var count = 0
/// }
///
/// case .incrementButtonTapped:
///   state.$count.withLock { $0 += 1 }
///   return .none
/// ```
///
/// In a `TestStore`, a change an action makes to a shared value is asserted like any state:
/// `await store.send(.incrementButtonTapped) { $0.$count.withLock { $0 = 1 } }`.
@dynamicMemberLookup
@propertyWrapper
public struct Shared<Value>: Sendable {
  let box: ReferenceBox<any MutableSharedReference<Value>>

  init(reference: any MutableSharedReference<Value>) {
    self.box = ReferenceBox(reference)
  }

  var reference: any MutableSharedReference<Value> {
    get { self.box.reference }
    nonmutating set { self.box.reference = newValue }
  }

  /// Shares a value that is kept nowhere but in memory, by every copy of this `Shared`.
  ///
  /// ```swift
  /// let count = Shared(value: 0)
  /// let copy = count
  /// count.withLock { $0 += 1 }
  /// copy.wrappedValue  // 1
  /// ```
  public init(value: sending Value) {
    self.init(reference: BoxReference(value))
  }

  /// Unwraps a shared optional, or returns `nil` when it holds `nil`.
  ///
  /// ```swift
  /// if let user = Shared(state.$currentUser) {
  ///   return .send(.profile(.show(user)))
  /// }
  /// ```
  public init?(_ base: Shared<Value?>) {
    guard let initialValue = base.wrappedValue else { return nil }
    func unwrap(_ base: some MutableSharedReference<Value?>) -> any MutableSharedReference<Value> {
      OptionalReference(base: base, initialValue: initialValue)
    }
    self.init(reference: unwrap(base.reference))
  }

  /// Shares the value another `Shared` holds: `@Shared var count: Int` set from `_count = shared`.
  ///
  /// ```swift
  /// init(count: Shared<Int>) {
  ///   self._count = Shared(projectedValue: count)
  /// }
  /// ```
  public init(projectedValue: Self) {
    self = projectedValue
  }

  /// The current value; change it with ``withLock(_:fileID:filePath:line:column:)``.
  ///
  /// ```swift
  /// let total = state.count * 2
  /// ```
  public var wrappedValue: Value {
    get { self.reference.shownValue }
    @available(
      *, deprecated,
      message: "Use '$shared.withLock' to modify a shared value with exclusive access."
    )
    nonmutating set {
      self.withLock { $0 = newValue }
    }
  }

  /// Changes the value with exclusive access, and returns what `operation` returns.
  ///
  /// ```swift
  /// state.$todos.withLock { $0.append(Todo(title: "Milk")) }
  /// ```
  @discardableResult
  public func withLock<R>(
    _ operation: (inout Value) throws -> R,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) rethrows -> R {
    let reference = self.reference
    let snapshots = SharedSnapshots.current
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    // NB: The snapshot is read and written outside the reference's lock: reading the value from
    // inside its own `withLock` would be a simultaneous access to it.
    if snapshots.isAsserting {
      var snapshot = reference.snapshot ?? reference.wrappedValue
      defer { reference.takeSnapshot(snapshot, at: location) }
      return try operation(&snapshot)
    }
    if snapshots.isTracking {
      reference.takeSnapshot(reference.wrappedValue, at: location)
    }
    guard SharedChangeObservers.isObserved else { return try reference.withLock(operation) }
    let root = reference.root
    SharedChangeObservers.willChange(root)
    defer {
      SharedChangeObservers.didChange(root, source: .write(fileID: "\(fileID)", line: line))
    }
    return try reference.withLock(operation)
  }

  /// The `Shared` itself, so that `$count` can be passed on, projected or unwrapped.
  ///
  /// ```swift
  /// return .send(.child(.start(state.$settings)))
  /// ```
  public var projectedValue: Self {
    get { self }
    nonmutating set { self.reference = newValue.reference }
  }

  /// A `Shared` of a member of the value: `$settings.volume` reads and writes `settings.volume`.
  ///
  /// ```swift
  /// let volume: Shared<Double> = state.$settings.volume
  /// volume.withLock { $0 = 0.5 }
  /// ```
  public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Shared<Member>
  {
    func project(_ base: some MutableSharedReference<Value>) -> Shared<Member> {
      Shared<Member>(reference: MemberReference(base: base, path: keyPath))
    }
    return project(self.reference)
  }

  /// A read-only view of a member that cannot be written: `$user.displayName`.
  ///
  /// ```swift
  /// let name: SharedReader<String> = state.$user.displayName
  /// ```
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    SharedReader(self)[dynamicMember: keyPath]
  }

  /// A read-only view of what `body` computes from the value.
  ///
  /// ```swift
  /// let count: SharedReader<Int> = state.$todos.read { $0.count }
  /// ```
  public func read<Member>(_ body: @escaping @Sendable (Value) -> Member) -> SharedReader<Member> {
    SharedReader(self).read(body)
  }

  /// Loads the value again from its key.
  ///
  /// ```swift
  /// try await state.$items.load()
  /// ```
  public func load() async throws {
    try await self.reference.load()
  }

  /// Whether the value is being loaded from its key.
  ///
  /// ```swift
  /// if state.$items.isLoading { … }
  /// ```
  public var isLoading: Bool { self.reference.isLoading }

  /// The error of the last load from the key, if it failed.
  ///
  /// ```swift
  /// if let error = state.$items.loadError { print(error) }
  /// ```
  public var loadError: (any Error)? { self.reference.loadError }

  /// Saves the value to its key now, rather than when the key would.
  ///
  /// ```swift
  /// try await state.$items.save()
  /// ```
  public func save() async throws {
    try await self.reference.save()
  }

  /// The error of the last save to the key, if it failed.
  ///
  /// ```swift
  /// if let error = state.$items.saveError { print(error) }
  /// ```
  public var saveError: (any Error)? { self.reference.saveError }
}
