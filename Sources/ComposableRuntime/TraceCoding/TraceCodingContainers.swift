// NB: The coding `_TraceCodable` synthesizes calls these overloads for every case payload and
// stored property, so which coding a value gets is settled at compile time where its type is
// known: `Codable` values code as themselves; anything else reaches the unconstrained overload,
// which codes a `Result` (see `_TraceCodableResult`) or a value that is `Codable` only at run
// time, and throws `UncodableValueError` for the rest (a closure, a reference), so that a feature
// holding such a payload still compiles.

extension KeyedEncodingContainer {
  /// Encodes a `Codable` value of a synthesized trace coding.
  ///
  /// ```swift
  /// try container.encodeTraceValue(count, forKey: "count", in: Self.self, at: "count")
  /// ```
  public mutating func encodeTraceValue<Value: Encodable>(
    _ value: Value, forKey key: Key, in owner: Any.Type, at member: String
  ) throws {
    try self.encode(value, forKey: key)
  }

  /// Encodes an optional property of a synthesized trace coding, leaving `nil` out.
  public mutating func encodeTraceValueIfPresent<Value: Encodable>(
    _ value: Value?, forKey key: Key, in owner: Any.Type, at member: String
  ) throws {
    try self.encodeIfPresent(value, forKey: key)
  }

  /// Encodes an optional property whose coding only its run-time type tells, leaving `nil` out.
  public mutating func encodeTraceValueIfPresent<Value>(
    _ value: Value?, forKey key: Key, in owner: Any.Type, at member: String
  ) throws {
    guard let value else { return }
    try self.encodeTraceValue(value, forKey: key, in: owner, at: member)
  }

  /// Encodes a value whose coding only its run-time type tells: a `Result`, or a value that is
  /// `Encodable` at run time; throws ``UncodableValueError`` naming `owner` and `member` for
  /// anything else.
  public mutating func encodeTraceValue<Value>(
    _ value: Value, forKey key: Key, in owner: Any.Type, at member: String
  ) throws {
    do {
      if let result = value as? any _TraceCodableResult {
        try self.encode(TraceResultBox(result: result), forKey: key)
      } else if let codable = value as? any Codable {
        try self.encode(codable, forKey: key)
      } else {
        try self.encode(ReflectedValue(value), forKey: key)
      }
    } catch is UncodableValueError {
      throw UncodableValueError(
        path: "\(String(reflecting: owner)).\(member)", typeName: "\(Value.self)")
    }
  }

  /// Encodes where a `@Shared` property that declares no storage comes from, under `key`
  /// (`"$syncUp"` beside `"syncUp"`): the key and id when it is an element of a keyed identified
  /// array (`Shared($syncUps[id: id])`), the box's number in the value being coded when it is a
  /// `Shared(value:)` (see `_SharedBoxScope`); nothing for any other `Shared`.
  ///
  /// ```swift
  /// try container.encodeTraceSharedSource(self._syncUp, forKey: "$syncUp")
  /// ```
  public mutating func encodeTraceSharedSource<Value>(_ shared: Shared<Value>, forKey key: Key)
    throws
  {
    if let source = KeyedElementSource(of: shared) {
      try self.encode(source, forKey: key)
      return
    }
    // NB: A box is written with its number, so that its places decode as one box (see
    // `_SharedBoxScope`).
    guard let scope = _SharedBoxScope.current, let box = shared.reference as? BoxReference<Value>
    else { return }
    try self.encode(SharedBoxNumber(box: scope.number(of: box)), forKey: key)
  }
}

extension KeyedDecodingContainer {
  /// Decodes a `@Shared` property that declares no storage: derived again from the key its
  /// recording came from when `sourceKey` says which (see `encodeTraceSharedSource`) and a
  /// `Shared` of that key is alive; the box decoded before under the same number when
  /// `sourceKey` gives one; a new `Shared(value:)` otherwise.
  ///
  /// ```swift
  /// self._syncUp = try container.decodeTraceShared(
  ///   forKey: "syncUp", sourceKey: "$syncUp", in: Self.self, at: "syncUp")
  /// ```
  public func decodeTraceShared<Value>(
    forKey key: Key, sourceKey: Key, in owner: Any.Type, at member: String
  ) throws -> Shared<Value> {
    // NB: Decoded here, so referenced nowhere else.
    nonisolated(unsafe) let value: Value = try self.decodeTraceValue(
      forKey: key, in: owner, at: member)
    if self.contains(sourceKey) {
      if let number = try? self.decode(SharedBoxNumber.self, forKey: sourceKey) {
        guard let scope = _SharedBoxScope.current else { return Shared(value: value) }
        return Shared(reference: scope.box(numbered: number.box) { BoxReference(value) })
      }
      if let shared = try KeyedElementSource.decode(
        value, from: self.superDecoder(forKey: sourceKey))
      {
        return shared
      }
    }
    return Shared(value: value)
  }

  /// Decodes a `Codable` value of a synthesized trace coding.
  ///
  /// ```swift
  /// self.count = try container.decodeTraceValue(forKey: "count", in: Self.self, at: "count")
  /// ```
  public func decodeTraceValue<Value: Decodable>(
    forKey key: Key, in owner: Any.Type, at member: String
  ) throws -> Value {
    _SynthesizedDecoding.note()
    return try self.decode(Value.self, forKey: key)
  }

  /// Decodes an optional property of a synthesized trace coding; a missing key is `nil`.
  public func decodeTraceValueIfPresent<Value: Decodable>(
    forKey key: Key, in owner: Any.Type, at member: String
  ) throws -> Value? {
    _SynthesizedDecoding.note()
    return try self.decodeIfPresent(Value.self, forKey: key)
  }

  /// Decodes an optional property whose coding only its run-time type tells; a missing key (or
  /// `null`) is `nil`.
  public func decodeTraceValueIfPresent<Value>(
    forKey key: Key, in owner: Any.Type, at member: String
  ) throws -> Value? {
    guard self.contains(key), !(try self.decodeNil(forKey: key)) else { return nil }
    return try self.decodeTraceValue(forKey: key, in: owner, at: member) as Value
  }

  /// Decodes a value whose coding only its run-time type tells (see
  /// `KeyedEncodingContainer.encodeTraceValue(_:forKey:in:at:)`); throws
  /// ``UncodableValueError`` for a type with no coding.
  public func decodeTraceValue<Value>(
    forKey key: Key, in owner: Any.Type, at member: String
  ) throws -> Value {
    _SynthesizedDecoding.note()
    do {
      if let result = Value.self as? any _TraceCodableResult.Type {
        return try self.decodeResult(result, forKey: key) as! Value
      }
      if let codable = Value.self as? any Codable.Type {
        return try self.decode(codable, forKey: key) as! Value
      }
      return try self.decode(ReflectedValue<Value>.self, forKey: key).value
    } catch is UncodableValueError {
      throw UncodableValueError(
        path: "\(String(reflecting: owner)).\(member)", typeName: "\(Value.self)")
    }
  }

  /// Decodes the one unlabeled value of an enum case, `{"_0": value}` under the case's key, or
  /// the value itself there, as hand-written codings wrote it before the synthesized one.
  ///
  /// ```swift
  /// self = .loaded(try container.decodeTracePayload(forKey: key, in: Self.self, at: "loaded(_:)"))
  /// ```
  public func decodeTracePayload<Value: Decodable>(
    forKey key: Key, in owner: Any.Type, at member: String
  ) throws -> Value {
    if let values = try? self.nestedContainer(keyedBy: TraceCodingKey.self, forKey: key),
      values.contains("_0")
    {
      return try values.decodeTraceValue(forKey: "_0", in: owner, at: member)
    }
    return try self.decodeTraceValue(forKey: key, in: owner, at: member)
  }

  /// Decodes the one unlabeled value of an enum case whose coding only its run-time type tells.
  public func decodeTracePayload<Value>(
    forKey key: Key, in owner: Any.Type, at member: String
  ) throws -> Value {
    if let values = try? self.nestedContainer(keyedBy: TraceCodingKey.self, forKey: key),
      values.contains("_0")
    {
      return try values.decodeTraceValue(forKey: "_0", in: owner, at: member) as Value
    }
    return try self.decodeTraceValue(forKey: key, in: owner, at: member) as Value
  }

  private func decodeResult<Result: _TraceCodableResult>(
    _: Result.Type, forKey key: Key
  ) throws -> Result {
    try self.decode(TraceResultBox<Result>.self, forKey: key).result
  }
}

/// A `Result` coded through ``_TraceCodableResult``, so a container can take it as a value.
private struct TraceResultBox<Result>: Codable {
  let result: Result

  init(result: Result) {
    self.result = result
  }

  init(from decoder: any Decoder) throws {
    guard let type = Result.self as? any _TraceCodableResult.Type else {
      throw UncodableValueError(path: "", typeName: "\(Result.self)")
    }
    self.result = try type.init(_decodingTraceFrom: decoder) as! Result
  }

  func encode(to encoder: any Encoder) throws {
    guard let result = self.result as? any _TraceCodableResult else {
      throw UncodableValueError(path: "", typeName: "\(Result.self)")
    }
    try result._encodeTrace(to: encoder)
  }
}
