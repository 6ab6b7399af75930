/// An action that sets one field of a feature's state: what a view's binding (`$store.name`)
/// sends, and what a test sends to type into a form.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
/// }
/// …
/// await store.send(\.binding.name, "Blob") {
///   $0.name = "Blob"
/// }
/// // or, spelled out:
/// await store.send(.binding(.set(\.name, "Blob"))) { … }
/// ```
///
/// A reducer matches it by key path in a `switch`: `case .binding(\.name):`. Two binding actions
/// are equal when they set the same key path to equal values. Dumps show it as
/// `.set(\State.name, "Blob")`; reflection (and so the recorder's trace) shows it as a case named
/// after the field with the value as its payload (`binding.name`, `"Blob"`).
public struct BindingAction<Root>: @unchecked Sendable {
  // NB: Unchecked because key paths are not `Sendable` in the type system, though they are
  // immutable; the value is `Sendable` by construction (see `set(_:_:)`).

  /// The key path of the field the action sets.
  public let keyPath: PartialKeyPath<Root>

  /// The value the action sets.
  let value: any Sendable
  let setter: @Sendable (inout Root) -> Void
  let isEqual: @Sendable (BindingAction<Root>) -> Bool

  /// An action that sets the field at `keyPath` to `value`.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: WritableKeyPath<Root, Value>, _ value: Value
  ) -> Self {
    nonisolated(unsafe) let keyPath = keyPath
    return Self(
      keyPath: keyPath,
      value: value,
      setter: { $0[keyPath: keyPath] = value },
      isEqual: { $0.keyPath == keyPath && ($0.value as? Value) == value }
    )
  }

  /// Sets the field in `root`.
  public func set(_ root: inout Root) {
    self.setter(&root)
  }

  /// Whether `bindingAction` sets the field at `keyPath`: `case .binding(\.name):`.
  public static func ~= <Value>(
    keyPath: WritableKeyPath<Root, Value>, bindingAction: Self
  ) -> Bool {
    bindingAction.keyPath == keyPath
  }

  /// `\State.name`, as Swift prints a key path to a stored property, also for a property
  /// `@ObservableState` tracks (whose key path prints as `<computed …>`).
  var keyPathDescription: String {
    if let name = (Root.self as? any TrackedPropertyNaming.Type)?
      ._$trackedPropertyName(of: self.keyPath)
    {
      return "\\\(Root.self).\(name)"
    }
    return String(describing: self.keyPath)
  }

  /// The name of the field, as the key path describes it: `name` for `\State.name`,
  /// `profile.name` for `\State.profile.name`.
  var fieldName: String {
    let description = self.keyPathDescription
    guard description.hasPrefix("\\"), let dot = description.firstIndex(of: ".") else {
      return description
    }
    return String(description[description.index(after: dot)...])
  }
}

extension BindingAction: Equatable {
  /// Whether the actions set the same key path to equal values.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.isEqual(rhs)
  }
}

extension BindingAction: CasePathable {
  /// One case path per writable field of `Root`, so that `\.binding.name` is a case key path.
  @dynamicMemberLookup
  public struct AllCasePaths: Sendable {
    /// The case path of the binding actions that set the field at `keyPath`.
    public subscript<Value: Equatable & Sendable>(
      dynamicMember keyPath: WritableKeyPath<Root, Value>
    ) -> AnyCasePath<BindingAction, Value> {
      nonisolated(unsafe) let keyPath = keyPath
      return AnyCasePath(
        embed: { .set(keyPath, $0) },
        extract: { $0.keyPath == keyPath ? $0.value as? Value : nil }
      )
    }
  }

  /// The case paths of binding actions, one per writable field.
  public static var allCasePaths: AllCasePaths {
    AllCasePaths()
  }
}

extension BindingAction: CustomDebugStringConvertible {
  /// `.set(\State.name, "Blob")`, as an enum's payload prints in logs.
  public var debugDescription: String {
    ".set(\(self.keyPathDescription), \(String(reflecting: self.value)))"
  }
}

extension BindingAction: CustomDumpReflectable {
  /// Dumps as `.set(\State.name, "Blob")`.
  public var customDumpMirror: Mirror {
    Mirror(
      self,
      children: ["set": (KeyPathText(text: self.keyPathDescription), self.value)],
      displayStyle: .enum
    )
  }
}

/// A key path as a dump prints it: `\State.name`, also for a property `@ObservableState`
/// tracks, whose key path prints as `<computed …>`.
private struct KeyPathText: CustomDumpStringConvertible {
  let text: String
  var customDumpDescription: String { self.text }
}

extension BindingAction: CustomReflectable {
  /// Reflects as a case named after the field holding the value, so a recorded trace names the
  /// action `binding.name` with the value as its payload.
  public var customMirror: Mirror {
    Mirror(self, children: [self.fieldName: self.value], displayStyle: .enum)
  }
}

/// Coded as the field it sets and the value, `{"name": "Blob"}`, so a feature with a
/// `BindingReducer` can be recorded and replayed. `{"name": {"_0": "Blob"}}` decodes too.
///
/// The field is a tracked property of an `@ObservableState` state, found by the name the macro
/// gives it; a binding of anything else, or of a value that is not `Codable`, throws.
extension BindingAction: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: TraceCodingKey.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "expected a binding action, {\"field\": value}"))
    }
    guard
      let keyPath = (Root.self as? any TrackedPropertyNaming.Type)?
        ._$trackedKeyPath(named: key.stringValue) as? PartialKeyPath<Root>
    else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "\(Root.self) has no tracked property \(key.stringValue)"))
    }
    if let valueType = type(of: keyPath).valueType as? any (Decodable & Equatable & Sendable).Type {
      self = try Self.decodeSet(valueType, at: keyPath, from: container, forKey: key)
    } else if let valueType = type(of: keyPath).valueType as? any (Equatable & Sendable).Type {
      self = try Self.decodeReflectedSet(valueType, at: keyPath, from: container, forKey: key)
    } else {
      throw UncodableValueError(
        path: "\(String(reflecting: Root.self)).\(key.stringValue)",
        typeName: "\(type(of: keyPath).valueType)")
    }
  }

  /// A binding of a value that is not `Codable` (SwiftUI's `EditMode`), coded by what it is made
  /// of (``ReflectedValue``).
  private static func decodeReflectedSet<Value: Equatable & Sendable>(
    _: Value.Type, at keyPath: PartialKeyPath<Root>,
    from container: KeyedDecodingContainer<TraceCodingKey>, forKey key: TraceCodingKey
  ) throws -> Self {
    let writable: WritableKeyPath<Root, Value> = try Self.writable(
      keyPath, in: container, forKey: key)
    return .set(writable, try container.decode(ReflectedValue<Value>.self, forKey: key).value)
  }

  /// `keyPath` as one a binding can set, or a decoding error that names the field.
  private static func writable<Value>(
    _ keyPath: PartialKeyPath<Root>, in container: KeyedDecodingContainer<TraceCodingKey>,
    forKey key: TraceCodingKey
  ) throws -> WritableKeyPath<Root, Value> {
    guard let writable = keyPath as? WritableKeyPath<Root, Value> else {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container,
        debugDescription: "\(Root.self).\(key.stringValue) cannot be set")
    }
    return writable
  }

  private static func decodeSet<Value: Decodable & Equatable & Sendable>(
    _: Value.Type, at keyPath: PartialKeyPath<Root>,
    from container: KeyedDecodingContainer<TraceCodingKey>, forKey key: TraceCodingKey
  ) throws -> Self {
    let writable: WritableKeyPath<Root, Value> = try Self.writable(
      keyPath, in: container, forKey: key)
    do {
      return .set(writable, try container.decode(Value.self, forKey: key))
    } catch {
      // NB: A field written as an enum case, `{"name": {"_0": "Blob"}}`, as hand-written codings
      // did before this one: traces recorded then still decode.
      guard
        let values = try? container.nestedContainer(keyedBy: TraceCodingKey.self, forKey: key),
        let value = try? values.decode(Value.self, forKey: "_0")
      else { throw error }
      return .set(writable, value)
    }
  }

  public func encode(to encoder: any Encoder) throws {
    guard
      let name = (Root.self as? any TrackedPropertyNaming.Type)?
        ._$trackedPropertyName(of: self.keyPath)
    else {
      throw UncodableValueError(
        path: "\(String(reflecting: Root.self))", typeName: "binding of \(self.keyPathDescription)")
    }
    var container = encoder.container(keyedBy: TraceCodingKey.self)
    let key = TraceCodingKey(stringValue: name)
    if let value = self.value as? any Encodable {
      try container.encode(value, forKey: key)
    } else {
      do {
        try Self.encodeReflected(self.value, in: &container, forKey: key)
      } catch let error as UncodableValueError {
        throw UncodableValueError(
          path: "\(String(reflecting: Root.self)).\(name)\(error.path)",
          typeName: error.typeName)
      }
    }
  }

  private static func encodeReflected<Value>(
    _ value: Value, in container: inout KeyedEncodingContainer<TraceCodingKey>,
    forKey key: TraceCodingKey
  ) throws {
    try container.encode(ReflectedValue(value), forKey: key)
  }
}
