import SwiftSyntax

/// The `Codable` extension `@_TraceCodable` (and `@ObservableState`, on a struct) writes for a
/// type its user did not make `Codable`: each enum case keyed by its name with its associated
/// values (`{"response": {"_0": …}}`, labels where written), each stored property of a struct
/// keyed by the name the user wrote.
///
/// Every value goes through `encodeTraceValue`/`decodeTraceValue`, whose overloads pick the
/// coding from the value's type at compile time: a payload with no coding (a closure) still
/// compiles and throws `UncodableValueError` naming its case or field when coded.
struct TraceCodableMembers {
  /// The `Codable` names the compiler asked for, or those the type's declaration does not name.
  static let protocolNames = ["Codable", "Encodable", "Decodable"]

  /// Whether the coding is wanted: the type is a non-generic struct or enum whose own
  /// declaration names no `Codable` protocol, and the compiler lists `Codable` (or both of its
  /// halves) among the protocols it does not conform to yet.
  static func isWanted(
    for declaration: some DeclGroupSyntax, conformingTo protocols: [TypeSyntax]
  ) -> Bool {
    guard declaration.isStructOrEnum, !Self.declaresCoding(declaration) else { return false }
    if declaration.as(StructDeclSyntax.self)?.genericParameterClause != nil
      || declaration.as(EnumDeclSyntax.self)?.genericParameterClause != nil
    {
      return false
    }
    let missing = Set(protocols.compactMap(\.unqualifiedName))
    return missing.contains("Codable")
      || (missing.contains("Encodable") && missing.contains("Decodable"))
  }

  /// Whether the declaration's own inheritance clause names `Codable`, `Encodable` or
  /// `Decodable`: coding written by the user wins.
  static func declaresCoding(_ declaration: some DeclGroupSyntax) -> Bool {
    Self.protocolNames.contains { declaration.declaresConformance(to: $0, modules: ["Swift"]) }
  }

  /// `@_TraceCodable` (or `macro`) for a nested type (named one of `names`, when given) its user did not
  /// make `Codable`; none for an `@ObservableState` struct, which that macro codes itself, or a
  /// generic type.
  static func attributes(
    for member: some DeclSyntaxProtocol, named names: [String]? = nil,
    macro: String = "_TraceCodable"
  ) -> [AttributeSyntax] {
    let group: (any DeclGroupSyntax)?
    let name: String?
    if let enumDecl = member.as(EnumDeclSyntax.self), enumDecl.genericParameterClause == nil {
      (group, name) = (enumDecl, enumDecl.name.text)
    } else if let structDecl = member.as(StructDeclSyntax.self),
      structDecl.genericParameterClause == nil,
      !structDecl.attributes.contains(attributeNamed: "ObservableState")
    {
      (group, name) = (structDecl, structDecl.name.text)
    } else {
      (group, name) = (nil, nil)
    }
    guard let group, let name, names?.contains(name) ?? true,
      !Self.declaresCoding(group),
      !group.attributes.contains(attributeNamed: "_TraceCodable"),
      !group.attributes.contains(attributeNamed: "_TraceCodableMember")
    else { return [] }
    return [AttributeSyntax(attributeName: IdentifierTypeSyntax(name: .identifier(macro)))]
  }

  /// `extension Type: Codable { init(from:) … encode(to:) … }` for `declaration`.
  static func extensionDecl(
    for declaration: some DeclGroupSyntax, type: some TypeSyntaxProtocol
  ) -> ExtensionDeclSyntax? {
    let access = declaration.accessPrefix
    let members: String
    if let enumDecl = declaration.as(EnumDeclSyntax.self) {
      members = Self.enumMembers(of: enumDecl, access: access)
    } else if declaration.is(StructDeclSyntax.self) {
      members = Self.structMembers(of: declaration, access: access)
    } else {
      return nil
    }
    let decl: DeclSyntax = """
      \(raw: declaration.availabilityPrefix)extension \(type.trimmed): Codable {
      \(raw: members)
      }
      """
    return decl.as(ExtensionDeclSyntax.self)
  }

  private static let key = "ComposableRuntime.TraceCodingKey"

  private struct Case {
    /// The case's name as code spells it, `` `internal` `` with its backticks.
    let name: String
    /// The case's name as its key, without backticks.
    var key: String { name.unescaped }
    /// Each associated value's coding key: its label, or `_0`, `_1`, … by position.
    let keys: [String]
    /// Each associated value's label as a call writes it, `nil` for none.
    let labels: [String?]

    /// `response(_:)`, `element(id:action:)`, `increment`.
    var member: String {
      keys.isEmpty ? key : "\(key)(\(labels.map { "\($0 ?? "_"):" }.joined()))"
    }
  }

  /// The enum's cases, in the `#if` blocks they sit in: the coding repeats the blocks, so it
  /// codes the cases each build has.
  private static func cases(of enumDecl: EnumDeclSyntax) -> ConditionalMembers<Case> {
    ConditionalMembers(members: enumDecl.memberBlock.members) { member -> [Case] in
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { return [] }
      return caseDecl.elements.map { element in
        let parameters = Array(element.parameterClause?.parameters ?? [])
        let labels = parameters.map { parameter -> String? in
          guard let label = parameter.firstName, label.tokenKind != .wildcard else { return nil }
          return label.text
        }
        let keys = labels.enumerated().map { index, label in label?.unescaped ?? "_\(index)" }
        return Case(name: element.name.text, keys: keys, labels: labels)
      }
    }
  }

  private static func enumMembers(of enumDecl: EnumDeclSyntax, access: String) -> String {
    let cases = Self.cases(of: enumDecl)
    let decodeCases = cases.lines { item -> String in
      guard !item.keys.isEmpty else {
        return "case \"\(item.key)\":\nself = .\(item.name)"
      }
      let arguments = zip(item.keys, item.labels).map { key, label in
        let value =
          "try values.decodeTraceValue(forKey: \"\(key)\", in: Self.self, at: \"\(item.member)\")"
        return label.map { "\($0): \(value)" } ?? value
      }.joined(separator: ", ")
      if item.keys == ["_0"] {
        // NB: One unlabeled value: read through `decodeTracePayload`, which also takes a payload
        // written bare, as hand-written codings did (`{"factResponse": {"success": …}}`).
        return """
          case "\(item.key)":
          self = .\(item.name)(try container.decodeTracePayload(forKey: key, in: Self.self, at: "\(item.member)"))
          """
      }
      return """
        case "\(item.key)":
        let values = try container.nestedContainer(keyedBy: \(key).self, forKey: key)
        self = .\(item.name)(\(arguments))
        """
    }
    let encodeCases = cases.lines { item -> String in
      guard !item.keys.isEmpty else {
        return """
          case .\(item.name):
          _ = container.nestedContainer(keyedBy: \(key).self, forKey: "\(item.key)")
          """
      }
      let bound = item.keys.indices.map { "_\($0)" }.joined(separator: ", ")
      let values = item.keys.enumerated().map { index, key in
        "try values.encodeTraceValue(_\(index), forKey: \"\(key)\", in: Self.self, at: \"\(item.member)\")"
      }.joined(separator: "\n")
      return """
        case let .\(item.name)(\(bound)):
        var values = container.nestedContainer(keyedBy: \(key).self, forKey: "\(item.key)")
        \(values)
        """
    }
    return """
      \(access)init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: \(key).self)
      guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.dataCorrupted(
      DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "expected one case of \\(Self.self)")
      )
      }
      switch key.stringValue {
      \((decodeCases + ["default:\nthrow DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: \"\\(Self.self) has no case \\(key.stringValue)\")"]).joined(separator: "\n"))
      }
      }
      \(access)func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: \(key).self)
      switch self {
      \(encodeCases.joined(separator: "\n"))
      }
      }
      """
  }

  private struct Property {
    enum Kind {
      /// Set in `init(from:)` as it is (tracked, `@Presents`, plain).
      case plain
      /// A `@Shared` value: coded as its value, decoded into the shared storage it declares, or
      /// into a new `Shared(value:)` when it declares none.
      case shared
      /// A `@SharedReader` value: coded as its value; decoded only when it declares no storage.
      case sharedReader
    }
    let name: String
    let kind: Kind
    /// Whether it starts with a value (an initializer, an optional `var`, a wrapper's key).
    let hasDefault: Bool
    let isOptional: Bool
  }

  /// The struct's stored properties, in the `#if` blocks they sit in: the coding repeats the
  /// blocks, so it codes the properties each build has.
  private static func properties(of declaration: some DeclGroupSyntax)
    -> ConditionalMembers<Property>
  {
    ConditionalMembers(members: declaration.memberBlock.members) { member -> [Property] in
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { return [] }
      guard variable.declaresInstanceProperties,
        !variable.modifiers.contains(where: { $0.name.text == "lazy" })
      else { return [] }
      let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
      let attributes = variable.attributes.compactMap { element -> AttributeSyntax? in
        guard case let .attribute(attribute) = element else { return nil }
        return attribute
      }
      let shared = attributes.first { $0.attributeName.unqualifiedName == "Shared" }
      let reader = attributes.first { $0.attributeName.unqualifiedName == "SharedReader" }
      let wrapper = shared ?? reader
      return variable.storedBindings.compactMap { name, binding -> Property? in
        if isLet && binding.initializer != nil { return nil }
        let type = binding.typeAnnotation?.type
        let isOptional =
          type?.is(OptionalTypeSyntax.self) == true
          || type?.as(IdentifierTypeSyntax.self)?.name.text == "Optional"
        let wrapperHasStorage = wrapper?.arguments != nil
        return Property(
          name: name,
          kind: shared != nil ? .shared : reader != nil ? .sharedReader : .plain,
          hasDefault: binding.initializer != nil || wrapperHasStorage || (isOptional && !isLet),
          isOptional: isOptional)
      }
    }
  }

  private static func structMembers(of declaration: some DeclGroupSyntax, access: String)
    -> String
  {
    let properties = Self.properties(of: declaration)
    // NB: Two passes, each keeping the `#if` blocks: the shared values' writes come after every
    // other property's assignment, because `$name` reads `self`, which must be whole by then.
    let assignments = properties.lines { property -> String? in
      let name = property.name
      let key = name.unescaped
      let value = Self.decodedValue(of: property)
      switch property.kind {
      case .plain:
        return property.hasDefault && !property.isOptional
          ? "if container.contains(\"\(key)\") {\nself.\(name) = \(value)\n}"
          : "self.\(name) = \(value)"
      case .shared where property.hasDefault: return nil
      case .shared:
        return
          "self._\(key) = try container.decodeTraceShared(forKey: \"\(key)\", sourceKey: \"$\(key)\", in: Self.self, at: \"\(key)\")"
      case .sharedReader where property.hasDefault: return nil
      case .sharedReader: return "self._\(key) = ComposableRuntime.SharedReader(value: \(value))"
      }
    }
    let sharedWrites = properties.lines { property -> String? in
      guard case .shared = property.kind, property.hasDefault else { return nil }
      let key = property.name.unescaped
      return """
        if container.contains("\(key)") {
        try self.$\(key).withLock {
        $0 = \(Self.decodedValue(of: property))
        }
        }
        """
    }
    let encodings = properties.lines { property -> String? in
      let key = property.name.unescaped
      let value =
        "try container.encodeTraceValue\(property.isOptional ? "IfPresent" : "")(self.\(property.name), forKey: \"\(key)\", in: Self.self, at: \"\(key)\")"
      // NB: A `@Shared` that declares no storage may be an element of a keyed array; where it
      // comes from is kept beside its value, so that a replay derives it from the key again.
      guard case .shared = property.kind, !property.hasDefault else { return value }
      return value + "\ntry container.encodeTraceSharedSource(self._\(key), forKey: \"$\(key)\")"
    }
    let decodeBody = (assignments + sharedWrites).joined(separator: "\n")
    let container = properties.all.isEmpty ? "_" : "let container"
    let encodeContainer = properties.all.isEmpty ? "_" : "var container"
    // NB: A box shared by two places of a state is coded once, and the other place as a link
    // to it, within the scope the outermost state opens (see `_SharedBoxScope`).
    let scope = """
      let _sharedBoxes = ComposableRuntime._SharedBoxScope._enter()
      defer { _sharedBoxes.leave() }
      """
    return """
      \(access)init(from decoder: any Decoder) throws {
      \(scope)
      \(container) = try decoder.container(keyedBy: \(key).self)
      \(decodeBody)
      }
      \(access)func encode(to encoder: any Encoder) throws {
      \(scope)
      \(encodeContainer) = encoder.container(keyedBy: \(key).self)
      \(encodings.joined(separator: "\n"))
      }
      """
  }

  /// The expression that decodes `property`'s value.
  private static func decodedValue(of property: Property) -> String {
    let key = property.name.unescaped
    let ifPresent = property.isOptional ? "IfPresent" : ""
    return
      "try container.decodeTraceValue\(ifPresent)(forKey: \"\(key)\", in: Self.self, at: \"\(key)\")"
  }
}

extension String {
  /// The identifier without the backticks that let it be a keyword: `internal` for
  /// `` `internal` ``.
  fileprivate var unescaped: String {
    self.hasPrefix("`") && self.hasSuffix("`") && self.count > 1
      ? String(self.dropFirst().dropLast()) : self
  }
}
