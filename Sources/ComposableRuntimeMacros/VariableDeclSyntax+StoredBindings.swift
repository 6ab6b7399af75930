import SwiftSyntax

extension VariableDeclSyntax {
  /// Whether it declares instance properties, not `static` or `class` ones.
  var declaresInstanceProperties: Bool {
    let modifiers = self.modifiers.map(\.name.text)
    return !modifiers.contains("static") && !modifiers.contains("class")
  }

  /// The bindings that store a value, with their names: a plain name, and accessors, if any,
  /// that only observe (`willSet`, `didSet`); anything else computes the property.
  var storedBindings: [(name: String, binding: PatternBindingSyntax)] {
    self.bindings.compactMap { binding in
      guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
        return nil
      }
      if let accessors = binding.accessorBlock?.accessors {
        guard case let .accessors(list) = accessors,
          list.allSatisfy({ ["willSet", "didSet"].contains($0.accessorSpecifier.text) })
        else { return nil }
      }
      return (name, binding)
    }
  }
}
