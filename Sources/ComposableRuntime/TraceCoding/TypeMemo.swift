/// What was worked out once per type from its metadata (its fields, its cases), or that nothing
/// could be, shared by every thread that codes values of it.
final class TypeMemo<Value: Sendable>: Sendable {
  private let values = LockIsolated<[ObjectIdentifier: Value?]>([:])

  /// The value for `type`, made by `make` the first time it is asked for.
  func value(for type: Any.Type, make: (Any.Type) -> Value?) -> Value? {
    let key = ObjectIdentifier(type)
    if let known = self.values.withValue({ $0[key] }) { return known }
    let made = make(type)
    self.values.withValue { $0[key] = made }
    return made
  }
}
