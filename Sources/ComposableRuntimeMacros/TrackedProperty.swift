import SwiftSyntax

/// A stored property of an `@ObservableState` struct, as the macros see it: whether its reads
/// are tracked, and how it is coded.
struct TrackedProperty {
  let name: String
  /// Whether `@ObservableState` turns it into accessors over `_name` storage.
  let isTracked: Bool
  /// The name it is coded under, `nil` for one the synthesized `Codable` leaves out.
  let codingKey: String?
  /// Whether it has attributes (`@Presents`, `@Shared`): a property wrapper's storage is `_name`.
  var isWrapped = false

  /// The stored instance properties of `declaration`; none for anything but a struct.
  static func all(of declaration: some DeclGroupSyntax) -> [Self] {
    guard declaration.is(StructDeclSyntax.self) else { return [] }
    return declaration.memberBlock.members.flatMap { member -> [Self] in
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { return [] }
      return Self.properties(of: variable)
    }
  }

  /// The stored instance properties `variable` declares.
  static func properties(of variable: VariableDeclSyntax) -> [Self] {
    guard variable.declaresInstanceProperties else { return [] }
    let modifiers = variable.modifiers.map(\.name.text)
    let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
    let hasAttributes = variable.attributes.contains {
      guard case let .attribute(attribute) = $0 else { return true }
      return attribute.attributeName.unqualifiedName != "ObservationStateTracked"
    }
    return variable.storedBindings.map { name, binding in
      let isTracked =
        !isLet && !hasAttributes && !modifiers.contains("lazy") && !name.hasPrefix("_")
        && binding.accessorBlock == nil && variable.bindings.count == 1
      let skipsCoding = isLet && binding.initializer != nil
      return Self(
        name: name, isTracked: isTracked, codingKey: skipsCoding ? nil : name,
        isWrapped: hasAttributes)
    }
  }

  /// Whether `variable` is a property `@ObservableState` tracks.
  static func isTracked(_ variable: VariableDeclSyntax) -> Bool {
    Self.properties(of: variable).contains(where: \.isTracked)
  }
}
