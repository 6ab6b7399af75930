/// The identity of one child feature in its parent: the key path to its state, the state's type,
/// the enum case it is in (for destinations), and its element id (for collections and stacks).
///
/// A child's effects are built under its parent's navigation path extended by this id, so when the
/// identity changes (the child is removed, or a destination switches case) the parent can cancel
/// exactly that child's effects.
struct NavigationID: Hashable, @unchecked Sendable {
  // NB: Key paths are immutable; sharing them across threads is safe.
  let keyPath: AnyKeyPath
  let type: ObjectIdentifier
  let tag: String?
  let elementID: AnyHashableSendable?

  init(keyPath: AnyKeyPath, state: some Any, elementID: AnyHashableSendable? = nil) {
    self.keyPath = keyPath
    self.type = ObjectIdentifier(Swift.type(of: state))
    self.tag = enumCaseName(of: state)
    self.elementID = elementID
  }
}

/// The name of the case an enum value is in, or `nil` for a value that is not an enum.
func enumCaseName(of value: some Any) -> String? {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .enum else { return nil }
  if let label = mirror.children.first?.label { return label }
  return String(describing: value)
}
