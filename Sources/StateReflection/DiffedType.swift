/// What the differ learned about one type, once: how to go into a value of it, and how to compare
/// two values of it in place when the type is `Equatable`.
///
/// The differ reads values where they sit (inside an `Any`, or at a field's offset inside a
/// struct) and compares them there with a comparator made once per type, so an unchanged value
/// costs one `==`: no dynamic cast to `any Equatable`, no conformance look-up and no copy.
final class DiffedType {
  /// How the differ goes into a value: through a struct layout, as a collection that diffs itself,
  /// or through a `Mirror` (enums, classes, tuples, other collections, and types with a custom
  /// mirror).
  enum Kind {
    case layout(StructLayout)
    case collection
    case mirror
  }

  let kind: Kind
  /// `==` on two values of the type at the given addresses; `nil` when the type is not
  /// `Equatable`.
  let isEqual: ((UnsafeRawPointer, UnsafeRawPointer) -> Bool)?
  /// A copy of the value at an address, boxed.
  let value: (UnsafeRawPointer) -> Any

  /// Learns `Value` from one value of it.
  init<Value>(of value: Value) {
    // NB: The type is asked, not the value: a cast of the value looks inside an optional, so an
    // `Any?` holding an array would make every later `Any?` a collection, even `nil`.
    if Value.self is any CollectionDiffing.Type {
      self.kind = .collection
    } else if Mirror(reflecting: value).displayStyle == .struct,
      !(Value.self is any CustomReflectable.Type), let layout = StructLayout(of: Value.self)
    {
      self.kind = .layout(layout)
    } else {
      self.kind = .mirror
    }
    self.isEqual = Self.comparator(for: Value.self)
    self.value = Self.boxing(Value.self)
  }

  /// `==` in place for `Value`, when it is `Equatable`.
  static func comparator<Value>(
    for _: Value.Type
  ) -> ((UnsafeRawPointer, UnsafeRawPointer) -> Bool)? {
    guard let equatable = Value.self as? any Equatable.Type else { return nil }
    func comparator<E: Equatable>(_: E.Type) -> (UnsafeRawPointer, UnsafeRawPointer) -> Bool {
      {
        // NB: Passing `pointee` as a value would copy each value first (this code is not
        // specialized, so `E` is a type only known at run time), retaining everything in it;
        // passed `inout`, the values are compared where they are. Neither is written to, so it
        // does not matter that both may be the same memory.
        Self.equal(
          &UnsafeMutableRawPointer(mutating: $0).assumingMemoryBound(to: E.self).pointee,
          &UnsafeMutableRawPointer(mutating: $1).assumingMemoryBound(to: E.self).pointee)
      }
    }
    return comparator(equatable)
  }

  @inline(never)
  private static func equal<E: Equatable>(_ first: inout E, _ second: inout E) -> Bool {
    first == second
  }

  /// Copies a `Value` at an address into an `Any`.
  static func boxing<Value>(_: Value.Type) -> (UnsafeRawPointer) -> Any {
    { $0.assumingMemoryBound(to: Value.self).pointee }
  }
}

/// The types a differ has met, by type.
///
/// NB: One cache per differ, with no lock: a recording session's differ is used by its worker
/// alone, and `StateDiff` makes a differ per call.
final class DiffedTypes {
  private var types: [ObjectIdentifier: DiffedType] = [:]

  /// The type of `value`: its dynamic type.
  func type(of value: Any) -> DiffedType {
    let type = Swift.type(of: value)
    if let known = self.types[ObjectIdentifier(type)] { return known }
    // NB: Learned from the dynamic type, not from what opening `value` gives: an `Any` boxed in
    // generic code may hold another existential, and a class reference its static type.
    func learn<Value>(_: Value.Type) -> DiffedType { DiffedType(of: value as! Value) }
    let learned = _openExistential(type, do: learn)
    self.types[ObjectIdentifier(type)] = learned
    return learned
  }

  /// `type`, learned from the value of it at `address` when met for the first time.
  func type(
    _ type: Any.Type, at address: UnsafeRawPointer, boxing value: (UnsafeRawPointer) -> Any
  ) -> DiffedType {
    if let known = self.types[ObjectIdentifier(type)] { return known }
    return self.type(of: value(address))
  }
}

/// Calls `body` with the addresses of the values of dynamic type `type` inside `first` and
/// `second`.
func withAddresses<Result>(
  of first: Any, _ second: Any, as type: Any.Type,
  _ body: (UnsafeRawPointer, UnsafeRawPointer) -> Result
) -> Result {
  withAddress(of: first, as: type) { first in
    withAddress(of: second, as: type) { second in body(first, second) }
  }
}

/// Calls `body` with the address of the value of dynamic type `type` inside `value`.
///
/// The value stays where it is, inside the existential, unless opening `value` does not give
/// `type`: then `value` holds another existential (an `Any` boxed in generic code) or a class
/// reference under its static type, and a copy cast to `type` is used instead.
func withAddress<Result>(
  of value: Any, as type: Any.Type, _ body: (UnsafeRawPointer) -> Result
) -> Result {
  func open<Value>(_ opened: Value) -> Result {
    guard Value.self == type else {
      func cast<Dynamic>(_: Dynamic.Type) -> Result {
        withUnsafePointer(to: value as! Dynamic) { body(UnsafeRawPointer($0)) }
      }
      return _openExistential(type, do: cast)
    }
    return withUnsafePointer(to: opened) { body(UnsafeRawPointer($0)) }
  }
  return _openExistential(value, do: open)
}
