@_spi(Reflection) import Swift
import Trace

/// The stored fields of a struct type, found once through the runtime's field walk and kept as
/// typed accessors: a field comparator when the field is `Equatable`, and a getter.
///
/// The differ compares a struct's fields through these instead of a `Mirror`, which would box every
/// field of both values on every action; here an unchanged `Equatable` field costs one typed `==`
/// and nothing is boxed.
final class StructLayout<Root>: StructLayoutProtocol {
  struct Field {
    let name: String
    let isEqual: ((Root, Root) -> Bool)?
    let value: (Root) -> Any
  }

  let fields: [Field]

  init?() {
    var fields: [Field] = []
    let walked = _forEachFieldWithKeyPath(of: Root.self) { name, keyPath in
      fields.append(Self.field(named: String(cString: name), keyPath))
      return true
    }
    guard walked else { return nil }
    self.fields = fields
  }

  private static func field(named name: String, _ keyPath: PartialKeyPath<Root>) -> Field {
    func typed<Value>(_: Value.Type) -> Field {
      let keyPath = keyPath as! KeyPath<Root, Value>
      var isEqual: ((Root, Root) -> Bool)?
      if let equatable = Value.self as? any Equatable.Type {
        func comparator<E: Equatable>(_: E.Type) -> (Root, Root) -> Bool {
          let keyPath = keyPath as! KeyPath<Root, E>
          return { $0[keyPath: keyPath] == $1[keyPath: keyPath] }
        }
        isEqual = comparator(equatable)
      }
      let fieldName =
        name.hasPrefix("_") && !name.hasPrefix("_$")
          && String(describing: Value.self).hasPrefix("PresentationState<")
        ? String(name.dropFirst()) : name
      return Field(name: fieldName, isEqual: isEqual, value: { $0[keyPath: keyPath] })
    }
    return _openExistential(type(of: keyPath).valueType, do: typed)
  }

  func diff(
    _ old: Any, _ new: Any, at path: TracePath, with differ: StructuralDiff,
    into ops: inout [DiffOperation]
  ) {
    let old = old as! Root
    let new = new as! Root
    for field in self.fields {
      if let isEqual = field.isEqual, isEqual(old, new) { continue }
      differ.diffValues(
        field.value(old), field.value(new), at: path.appending(.field(field.name)), into: &ops)
    }
  }
}

/// A struct layout without its root type, for the differ that holds values as `Any`.
protocol StructLayoutProtocol: AnyObject {
  func diff(
    _ old: Any, _ new: Any, at path: TracePath, with differ: StructuralDiff,
    into ops: inout [DiffOperation])
}

/// How the differ takes values of each type, decided once per type: through a struct layout,
/// as a collection that diffs itself, or through a `Mirror` (enums, classes, tuples, other
/// collections, and types with a custom mirror).
///
/// NB: One cache per differ, with no lock: a recording session's differ is used by its worker
/// alone, and `StateDiff` makes a differ per call.
final class StructLayouts {
  enum Kind {
    case layout(any StructLayoutProtocol)
    case collection
    case mirror
  }

  private var kinds: [ObjectIdentifier: Kind] = [:]

  func kind(of value: Any) -> Kind {
    let id = ObjectIdentifier(type(of: value))
    if let kind = self.kinds[id] { return kind }
    let kind: Kind
    if value is any CollectionDiffing {
      kind = .collection
    } else if Mirror(reflecting: value).displayStyle == .struct,
      !(value is any CustomReflectable), let layout = Self.make(for: value)
    {
      kind = .layout(layout)
    } else {
      kind = .mirror
    }
    self.kinds[id] = kind
    return kind
  }

  private static func make<Root>(for value: Root) -> (any StructLayoutProtocol)? {
    StructLayout<Root>()
  }
}
