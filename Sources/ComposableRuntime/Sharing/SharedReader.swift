import Foundation

/// A read-only view of a shared value, as swift-sharing's `@SharedReader` is.
///
/// A feature that only reads a setting declares it with `@SharedReader`; it sees every change
/// made through a `Shared` of the same key, but cannot make one.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   @SharedReader(.appStorage("unit")) var unit = TemperatureUnit.celsius
/// }
/// ```
@dynamicMemberLookup
@propertyWrapper
public struct SharedReader<Value>: Sendable {
  let box: ReferenceBox<any SharedReference<Value>>

  init(reference: any SharedReference<Value>) {
    self.box = ReferenceBox(reference)
  }

  var reference: any SharedReference<Value> {
    get { self.box.reference }
    nonmutating set { self.box.reference = newValue }
  }

  /// Reads what a `Shared` holds.
  ///
  /// ```swift
  /// let reader = SharedReader(state.$count)
  /// ```
  public init(_ base: Shared<Value>) {
    self.init(reference: base.reference)
  }

  /// A reader of a value that never changes, for previews and tests.
  ///
  /// ```swift
  /// Feature.State(unit: .constant(.fahrenheit))
  /// ```
  public static func constant(_ value: sending Value) -> Self {
    Self(reference: BoxReference(value))
  }

  /// A reader of a value kept in memory, like `Shared(value:)` but read-only.
  ///
  /// ```swift
  /// let reader = SharedReader(value: 42)
  /// ```
  public init(value: sending Value) {
    self.init(reference: BoxReference(value))
  }

  /// Unwraps a shared optional, or returns `nil` when it holds `nil`.
  ///
  /// ```swift
  /// if let user = SharedReader(state.$currentUser) { … }
  /// ```
  public init?(_ base: SharedReader<Value?>) {
    guard let initialValue = base.wrappedValue else { return nil }
    func unwrap(_ base: some SharedReference<Value?>) -> any SharedReference<Value> {
      OptionalReference(base: base, initialValue: initialValue)
    }
    self.init(reference: unwrap(base.reference))
  }

  /// Reads what another reader reads: `_unit = SharedReader(projectedValue: unit)`.
  ///
  /// ```swift
  /// init(unit: SharedReader<TemperatureUnit>) {
  ///   self._unit = SharedReader(projectedValue: unit)
  /// }
  /// ```
  public init(projectedValue: Self) {
    self = projectedValue
  }

  /// The current value.
  ///
  /// ```swift
  /// let label = state.unit == .celsius ? "°C" : "°F"
  /// ```
  public var wrappedValue: Value { self.reference.shownValue }

  /// The reader itself, to pass on or project: `$unit`.
  ///
  /// ```swift
  /// return .send(.child(.start(state.$unit)))
  /// ```
  public var projectedValue: Self {
    get { self }
    nonmutating set { self.reference = newValue.reference }
  }

  /// A reader of a member of the value: `$settings.unit`.
  ///
  /// ```swift
  /// let unit: SharedReader<TemperatureUnit> = state.$settings.unit
  /// ```
  public subscript<Member>(dynamicMember keyPath: KeyPath<Value, Member>) -> SharedReader<Member> {
    func project(_ base: some SharedReference<Value>) -> SharedReader<Member> {
      nonisolated(unsafe) let keyPath = keyPath
      return SharedReader<Member>(
        reference: ReadReference(base: base, step: keyPath) { $0[keyPath: keyPath] })
    }
    return project(self.reference)
  }

  /// A reader of what `body` computes from the value.
  ///
  /// ```swift
  /// let count = state.$todos.read { $0.count }
  /// ```
  public func read<Member>(_ body: @escaping @Sendable (Value) -> Member) -> SharedReader<Member> {
    func project(_ base: some SharedReference<Value>) -> SharedReader<Member> {
      SharedReader<Member>(reference: ReadReference(base: base, step: nil, body: body))
    }
    return project(self.reference)
  }

  /// Loads the value again from its key.
  ///
  /// ```swift
  /// try await state.$unit.load()
  /// ```
  public func load() async throws {
    try await self.reference.load()
  }

  /// Whether the value is being loaded from its key.
  ///
  /// ```swift
  /// if state.$unit.isLoading { … }
  /// ```
  public var isLoading: Bool { self.reference.isLoading }

  /// The error of the last load from the key, if it failed.
  ///
  /// ```swift
  /// if let error = state.$unit.loadError { print(error) }
  /// ```
  public var loadError: (any Error)? { self.reference.loadError }
}

extension SharedReader: Equatable where Value: Equatable {
  /// Two readers are equal when their values are; in a test store's assertion a reader compared
  /// with itself compares the expected value with the live one.
  ///
  /// ```swift
  /// SharedReader.constant(1) == SharedReader.constant(1)  // true
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.reference.hasValue(equalTo: rhs.reference)
  }
}

extension SharedReader: Identifiable where Value: Identifiable {
  /// The id of the value.
  ///
  /// ```swift
  /// let id = reader.id
  /// ```
  public var id: Value.ID { self.wrappedValue.id }
}

extension SharedReader: CustomStringConvertible {
  /// Names the type and where the value lives: `SharedReader<Int>(.inMemory("count"))`.
  ///
  /// ```swift
  /// print(state.$unit)
  /// ```
  public var description: String { "SharedReader<\(Value.self)>(\(self.reference.description))" }
}

extension SharedReader: CustomReflectable {
  /// Reflects as its value.
  ///
  /// ```swift
  /// Mirror(reflecting: state.$unit)
  /// ```
  public var customMirror: Mirror { Mirror(reflecting: self.wrappedValue) }
}

extension SharedReader: CustomDumpRepresentable {
  /// Dumps as its value.
  ///
  /// ```swift
  /// customDump(state)  // … unit: .celsius …
  /// ```
  public var customDumpValue: Any { self.wrappedValue }
}

extension SharedReader: _CustomDiffObject {
  /// The value a test expects and the live one.
  public var _customDiffValues: (Any, Any) {
    (self.reference.snapshot ?? self.reference.wrappedValue, self.reference.wrappedValue)
  }

  /// The identity of the value, shared by every copy of this reader.
  public var _objectIdentifier: ObjectIdentifier { ObjectIdentifier(self.reference.root) }
}
