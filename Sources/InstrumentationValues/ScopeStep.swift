import ConcurrencyExtras

/// One step from a parent feature into a child, as `Scope`, `ifLet` and `forEach` take it.
///
/// The hot path keeps the key path as it is; ``name`` turns it into text only when asked.
public struct ScopeStep: Hashable, @unchecked Sendable, CustomStringConvertible {
  // NB: Key paths are immutable, so sharing them across threads is safe even though `AnyKeyPath`
  // does not declare `Sendable`.
  /// The key path from the parent's state to the child's.
  public let keyPath: AnyKeyPath
  /// The id of the element, for `forEach`.
  public let elementID: AnyHashableSendable?
  /// The step's name when the key path cannot give one: the enum case, for `ifCaseLet`.
  public let label: String?

  /// A step through `keyPath`, into the element with `elementID` when there is one.
  public init(keyPath: AnyKeyPath, elementID: AnyHashableSendable? = nil, label: String? = nil) {
    self.keyPath = keyPath
    self.elementID = elementID
    self.label = label
  }

  /// The step as text: the key path's members (`child`, `$destination`), with the element id in
  /// brackets (`todos[id: 3]`).
  public var name: String {
    var text = self.member
    if let elementID, self.label == nil {
      text += "[id: \(String(describing: elementID.base))]"
    }
    return text
  }

  public var description: String { self.name }

  /// The step's name without the element id: its label, or the key path's members.
  public var member: String { self.label ?? self.memberNames }

  /// The key path's members: a tracked property of an `@ObservableState` struct by the name
  /// its state gives it (its key path prints as `<computed …>`), any other by its description.
  private var memberNames: String {
    let rootType = type(of: self.keyPath).rootType
    if let naming = rootType as? any TrackedPropertyNaming.Type,
      let name = naming._$trackedPropertyName(of: self.keyPath)
    {
      return name
    }
    var text = String(describing: self.keyPath)
    // `\Root.Type.member.member` → drop the root type's name, which may itself contain dots.
    let rootName = String(reflecting: rootType)
      .split(separator: ".").dropFirst().joined(separator: ".")
    if text.hasPrefix("\\") { text.removeFirst() }
    if !rootName.isEmpty, text.hasPrefix(rootName + ".") {
      text.removeFirst(rootName.count + 1)
    } else if let dot = text.firstIndex(of: ".") {
      text = String(text[text.index(after: dot)...])
    }
    return text
  }
}

/// The steps from the root feature to a child, root first.
public typealias ScopePath = [ScopeStep]
