import Dependencies
import IdentifiedCollections

/// Where a `Shared` of one element of a keyed identified array comes from, as
/// `Shared($syncUps[id: id])` makes it: the key the array is kept under and the element's id.
///
/// A trace keeps it beside the element's value (`"$syncUp": {"key": …, "id": …}`), so that a
/// replay derives the element from the same key again: an edit made through it reaches the
/// array, as it did in the recording, rather than a copy of its own.
struct KeyedElementSource: Encodable {
  private enum CodingKeys: String, CodingKey {
    case key, id
  }

  let keyName: String
  let id: any Hashable

  /// The source of `shared`, when it is an element of a keyed identified array found by its id;
  /// `nil` for any other `Shared` (a box, a key's whole value, another member).
  init?<Value>(of shared: Shared<Value>) {
    guard let unwrapped = shared.reference as? any UnwrappedReference,
      let member = unwrapped.unwrappedBase as? any ElementReference,
      let source = member.keyedSource(of: shared.wrappedValue)
    else { return nil }
    (self.keyName, self.id) = source
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(self.keyName, forKey: .key)
    try Self.encode(id: self.id, to: container.superEncoder(forKey: .id))
  }

  /// The element `value` is the recorded value of, derived again from its key in the shared
  /// storage now in use; `nil` when no `Shared` of that key is alive there or its value is not an
  /// identified array of `Value`.
  static func decode<Value>(_ value: Value, from decoder: any Decoder) throws -> Shared<Value>? {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let keyName = try container.decode(String.self, forKey: .key)
    @Dependency(PersistentReferences.self) var references
    guard let root = references.root(named: keyName) as? any ElementDeriving else { return nil }
    return try root.element(
      decodingID: container.superDecoder(forKey: .id), initialValue: value)
  }

  private static func encode<ID>(id: ID, to encoder: any Encoder) throws {
    try ReflectedValue<ID>.encode(id, to: encoder)
  }
}

/// `Shared($optional)` seen without its types: the reference it unwraps.
protocol UnwrappedReference {
  var unwrappedBase: any SharedReference { get }
}

extension OptionalReference: UnwrappedReference {
  var unwrappedBase: any SharedReference { self.base }
}

/// `$shared.member` seen without its types: whether it is `$keyed[id: id]`.
protocol ElementReference {
  /// The key and the element's id, when this reference is `$keyed[id: element.id]` of a key's
  /// identified array.
  func keyedSource(of element: Any) -> (keyName: String, id: any Hashable)?
}

extension MemberReference: ElementReference {
  func keyedSource(of element: Any) -> (keyName: String, id: any Hashable)? {
    guard let root = self.base as? any ElementDeriving & SharedRoot,
      let elements = Base.Value.self as? any IdentifiedElementPaths.Type,
      let found = elements.elementPath(toIDOf: element),
      found.path == self.path
    else { return nil }
    return (root.keyName, found.id)
  }
}

/// A key's reference, which derives `$keyed[id: id]` from a recorded id.
protocol ElementDeriving: AnyObject {
  func element<Element>(decodingID decoder: any Decoder, initialValue: Element) throws
    -> Shared<Element>?
}

extension PersistentReference: ElementDeriving where Key: SharedKey {
  func element<Element>(decodingID decoder: any Decoder, initialValue: Element) throws
    -> Shared<Element>?
  {
    guard let elements = Value.self as? any IdentifiedElementPaths.Type,
      let path = try elements.elementPath(decodingID: decoder) as? WritableKeyPath<Value, Element?>
    else { return nil }
    let member = MemberReference(base: self, path: path)
    return Shared(reference: OptionalReference(base: member, initialValue: initialValue))
  }
}

/// An identified array of identifiable elements seen without its types: the writable path to an
/// element by its id, as `$syncUps[id: id]` takes it.
protocol IdentifiedElementPaths {
  static func elementPath(toIDOf element: Any) -> (path: AnyKeyPath, id: any Hashable)?
  static func elementPath(decodingID decoder: any Decoder) throws -> AnyKeyPath
}

extension IdentifiedArray: IdentifiedElementPaths where Element: Identifiable, ID == Element.ID {
  static func elementPath(toIDOf element: Any) -> (path: AnyKeyPath, id: any Hashable)? {
    guard let element = element as? Element else { return nil }
    return (\Self.[id: element.id], element.id)
  }

  static func elementPath(decodingID decoder: any Decoder) throws -> AnyKeyPath {
    let id = try ReflectedValue<ID>.decode(from: decoder)
    return \Self.[id: id]
  }
}
