import CustomDump

// NB: As in swift-sharing, `Shared` is neither `Hashable` nor `Codable`: a reference hashed or
// encoded by its value would change under the collection or archive that holds it.

extension Shared: Equatable where Value: Equatable {
  /// Two `Shared`s are equal when their values are.
  ///
  /// In a test store's assertion, a `Shared` compared with itself compares the value the test
  /// expects with the live one, which is how an unasserted change is caught.
  ///
  /// ```swift
  /// Shared(value: 1) == Shared(value: 1)  // true
  /// ```
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.reference.hasValue(equalTo: rhs.reference)
  }
}

extension Shared: Identifiable where Value: Identifiable {
  /// The id of the value, so that a shared element can sit in `ForEach` or an identified array.
  ///
  /// ```swift
  /// let ids = sharedTodos.map(\.id)
  /// ```
  public var id: Value.ID { self.wrappedValue.id }
}

extension Shared: CustomStringConvertible {
  /// Names the type and where the value lives: `Shared<Int>(.inMemory("count"))`.
  ///
  /// ```swift
  /// print(state.$count)
  /// ```
  public var description: String { "Shared<\(Value.self)>(\(self.reference.description))" }
}

extension Shared: CustomReflectable {
  /// Reflects as its value, so a `Mirror` of a state shows what the user sees.
  ///
  /// ```swift
  /// Mirror(reflecting: state.$count).children  // those of the Int
  /// ```
  public var customMirror: Mirror { Mirror(reflecting: self.wrappedValue) }
}

extension Shared: CustomDumpRepresentable {
  /// Dumps as its value: `count: 1`, not the reference.
  ///
  /// ```swift
  /// customDump(state)  // … count: 1 …
  /// ```
  public var customDumpValue: Any { self.wrappedValue }
}

extension Shared: _CustomDiffObject {
  /// The value a test expects and the live one, so that a failing assertion diffs them.
  public var _customDiffValues: (Any, Any) {
    (self.reference.snapshot ?? self.reference.wrappedValue, self.reference.wrappedValue)
  }

  /// The identity of the value, shared by every copy of this `Shared`.
  public var _objectIdentifier: ObjectIdentifier { ObjectIdentifier(self.reference.root) }
}
