import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// The implementation of `@ObservableState`: the `ComposableRuntime.ObservableState`
/// conformance, and on a struct, read tracking for each stored `var`.
///
/// As TCA's macro does, it turns each plain stored `var` into accessors over a private `_name`
/// (``ObservationStateTrackedMacro``), so a recorder can note which state a reducer read. It
/// adds `CodingKeys` naming each property as written to a struct that declares `Codable` (or
/// `Encodable`, `Decodable`) itself, so its synthesized coding codes `count`, not `_count`, and
/// the names of the tracked properties for reflection and key paths.
/// Properties with attributes (`@Presents`, `@Shared`), `let`, `lazy`, computed and static
/// ones stay as they are.
///
/// ```swift
/// @ObservableState
/// struct State: Equatable {
///   var count = 0
/// }
/// // count gets @ObservationStateTracked; the struct gets CodingKeys and
/// // extension State: ComposableRuntime.ObservableState {}
/// ```
///
/// It applies to structs and enums; anything else is an error.
public enum ObservableStateMacro: ExtensionMacro, MemberAttributeMacro, MemberMacro {
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard declaration.isStructOrEnum else {
      context.diagnose(
        Diagnostic(
          node: node,
          message: MacroDiagnostic.requiresStructOrEnum(macro: "ObservableState")
        )
      )
      return []
    }
    // NB: The compiler passes only the protocols the type does not conform to yet.
    var extensions: [ExtensionDeclSyntax] = []
    if !declaration.declaresConformance(to: "ObservableState"),
      protocols.contains(where: { $0.unqualifiedName == "ObservableState" })
    {
      let decl: DeclSyntax = """
        \(raw: declaration.availabilityPrefix)extension \(type.trimmed): \
        ComposableRuntime.ObservableState {}
        """
      extensions.append(decl.cast(ExtensionDeclSyntax.self))
    }
    if Self.dumpsItsProperties(declaration) {
      let dump: DeclSyntax = """
        \(raw: declaration.availabilityPrefix)extension \(type.trimmed): \
        ComposableRuntime.CustomDumpReflectable {}
        """
      extensions.append(dump.cast(ExtensionDeclSyntax.self))
    }
    // NB: A struct's trace coding, as `@_TraceCodable` writes it: `@Reducer` leaves it to this
    // macro on an `@ObservableState` struct, so the two never both conform it.
    if declaration.is(StructDeclSyntax.self),
      !declaration.attributes.contains(attributeNamed: "_TraceCodable"),
      TraceCodableMembers.isWanted(for: declaration, conformingTo: protocols),
      let coding = TraceCodableMembers.extensionDecl(for: declaration, type: type)
    {
      extensions.append(coding)
    }
    return extensions
  }

  /// Whether the struct dumps as its properties (`count: 1`) rather than its storage
  /// (`_count: 1`), which TCA's tests print: a struct with tracked properties and no dump of
  /// its own.
  static func dumpsItsProperties(_ declaration: some DeclGroupSyntax) -> Bool {
    guard TrackedProperty.all(of: declaration).contains(where: \.isTracked) else { return false }
    let ownsADump = declaration.memberBlock.members.contains { member in
      member.decl.as(VariableDeclSyntax.self)?.bindings.contains {
        ["customDumpMirror", "customMirror"].contains(
          $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text)
      } ?? false
    }
    return !ownsADump && !declaration.declaresConformance(to: "CustomDumpReflectable")
      && !declaration.declaresConformance(to: "CustomReflectable")
  }

  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    if member.is(EnumDeclSyntax.self) || member.is(StructDeclSyntax.self) {
      // NB: The types nested in a state struct are coded with it, as `_TraceCodable` does for
      // the types nested in the ones it codes. An enum state gets `_TraceCodable` from
      // `@Reducer`, which sees to its nested types.
      guard declaration.is(StructDeclSyntax.self),
        !declaration.attributes.contains(attributeNamed: "_TraceCodable"),
        !TraceCodableMembers.declaresCoding(declaration)
      else { return [] }
      return TraceCodableMembers.attributes(for: member)
    }
    guard declaration.is(StructDeclSyntax.self),
      let variable = member.as(VariableDeclSyntax.self),
      TrackedProperty.isTracked(variable)
    else { return [] }
    return ["@ObservationStateTracked"]
  }

  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    let properties = TrackedProperty.all(of: declaration)
    let tracked = properties.filter(\.isTracked)
    guard !tracked.isEmpty else { return [] }
    let access = declaration.accessPrefix
    var members: [DeclSyntax] = []
    if Self.dumpsItsProperties(declaration) {
      // NB: A wrapped property dumps as its wrapper's storage, as the default mirror shows it:
      // a `@Shared` value's dump is what tells two references apart.
      let children = properties.map {
        $0.isWrapped
          ? "(\"_\($0.name)\", self._\($0.name) as Any)"
          : "(\"\($0.name)\", self.\($0.name) as Any)"
      }
        .joined(separator: ", ")
      members.append(
        """
        \(raw: access)var customDumpMirror: Mirror {
        Mirror(self, children: [\(raw: children)], displayStyle: .struct)
        }
        """)
    }
    let names = tracked.map { "\"\($0.name)\"" }.joined(separator: ", ")
    members.append(
      "\(raw: access)static var _$trackedPropertyNames: [String] { [\(raw: names)] }")
    let keyPaths = tracked.map {
      "if keyPath == \\Self.\($0.name) as AnyKeyPath { return \"\($0.name)\" }"
    }.joined(separator: "\n")
    members.append(
      """
      \(raw: access)static func _$trackedPropertyName(of keyPath: AnyKeyPath) -> String? {
      \(raw: keyPaths)
      return nil
      }
      """)
    let namedKeyPaths = tracked.map {
      "case \"\($0.name)\": return \\Self.\($0.name)"
    }.joined(separator: "\n")
    members.append(
      """
      \(raw: access)static func _$trackedKeyPath(named name: String) -> AnyKeyPath? {
      switch name {
      \(raw: namedKeyPaths)
      default: return nil
      }
      }
      """)
    let declaresCodingKeys = declaration.memberBlock.members.contains { member in
      member.decl.as(EnumDeclSyntax.self)?.name.text == "CodingKeys"
        || member.decl.as(TypeAliasDeclSyntax.self)?.name.text == "CodingKeys"
    }
    // NB: Only for a struct whose own declaration asks for synthesized coding: coding written by
    // hand, with its `CodingKeys` in an extension, must keep compiling.
    let synthesizesCoding = ["Codable", "Encodable", "Decodable"].contains {
      declaration.declaresConformance(to: $0, modules: ["Swift"])
    }
    if synthesizesCoding, !declaresCodingKeys {
      let cases = properties.compactMap { property -> String? in
        guard let key = property.codingKey else { return nil }
        return property.isTracked ? "case _\(key) = \"\(key)\"" : "case \(key)"
      }.joined(separator: "\n")
      members.append(
        """
        enum CodingKeys: String, CodingKey {
        \(raw: cases)
        }
        """)
    }
    return members
  }
}
