/// The keyed container of ``ValueEncoder``: appends fields to an object; keys are sorted when
/// the object is written.
struct ObjectContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: ValueEncoder

  var codingPath: [any CodingKey] { self.encoder.codingPath }

  private func store(_ value: EncodedValue, _ key: Key) {
    self.encoder.append(value, forKey: key.stringValue)
  }

  mutating func encodeNil(forKey key: Key) throws { self.store(.null, key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { self.store(.bool(value), key) }
  mutating func encode(_ value: String, forKey key: Key) throws { self.store(.string(value), key) }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    self.store(try self.encoder.boxed(value, forKey: key), key)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    self.store(try self.encoder.boxed(value, forKey: key), key)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { self.store(.int(Int64(value)), key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { self.store(.int(Int64(value)), key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { self.store(.int(Int64(value)), key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { self.store(.int(Int64(value)), key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { self.store(.int(value), key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws {
    self.store(.unsigned(UInt64(value)), key)
  }
  mutating func encode(_ value: UInt8, forKey key: Key) throws {
    self.store(.unsigned(UInt64(value)), key)
  }
  mutating func encode(_ value: UInt16, forKey key: Key) throws {
    self.store(.unsigned(UInt64(value)), key)
  }
  mutating func encode(_ value: UInt32, forKey key: Key) throws {
    self.store(.unsigned(UInt64(value)), key)
  }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { self.store(.unsigned(value), key) }

  mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
    self.store(try self.encoder.box(value, forKey: key), key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = ValueEncoder(parent: self.encoder, key: key)
    self.store(.container(nested), key)
    return nested.container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = ValueEncoder(parent: self.encoder, key: key)
    self.store(.container(nested), key)
    return nested.unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    self.superEncoder(named: SuperKey.super)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    self.superEncoder(named: key)
  }

  private func superEncoder(named key: any CodingKey) -> any Encoder {
    let nested = ValueEncoder(parent: self.encoder, key: key)
    self.encoder.append(.container(nested), forKey: key.stringValue)
    return nested
  }
}

/// The key Foundation's encoders give a superclass's encoding.
enum SuperKey: String, CodingKey {
  case `super`
}
