/// The unkeyed container of ``ValueEncoder``: appends elements to an array.
struct ArrayContainer: UnkeyedEncodingContainer {
  let encoder: ValueEncoder

  var codingPath: [any CodingKey] { self.encoder.codingPath }
  var count: Int { self.encoder.elements.count }

  /// The key of the next element, for coding paths and errors.
  private var nextKey: IndexKey { IndexKey(intValue: self.count) }

  private func store(_ value: EncodedValue) { self.encoder.elements.append(value) }

  mutating func encodeNil() throws { self.store(.null) }
  mutating func encode(_ value: Bool) throws { self.store(.bool(value)) }
  mutating func encode(_ value: String) throws { self.store(.string(value)) }
  mutating func encode(_ value: Double) throws {
    self.store(try self.encoder.boxed(value, forKey: self.nextKey))
  }
  mutating func encode(_ value: Float) throws {
    self.store(try self.encoder.boxed(value, forKey: self.nextKey))
  }
  mutating func encode(_ value: Int) throws { self.store(.int(Int64(value))) }
  mutating func encode(_ value: Int8) throws { self.store(.int(Int64(value))) }
  mutating func encode(_ value: Int16) throws { self.store(.int(Int64(value))) }
  mutating func encode(_ value: Int32) throws { self.store(.int(Int64(value))) }
  mutating func encode(_ value: Int64) throws { self.store(.int(value)) }
  mutating func encode(_ value: UInt) throws { self.store(.unsigned(UInt64(value))) }
  mutating func encode(_ value: UInt8) throws { self.store(.unsigned(UInt64(value))) }
  mutating func encode(_ value: UInt16) throws { self.store(.unsigned(UInt64(value))) }
  mutating func encode(_ value: UInt32) throws { self.store(.unsigned(UInt64(value))) }
  mutating func encode(_ value: UInt64) throws { self.store(.unsigned(value)) }

  mutating func encode<Value: Encodable>(_ value: Value) throws {
    self.store(try self.encoder.box(value, forKey: self.nextKey))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = ValueEncoder(parent: self.encoder, key: self.nextKey)
    self.store(.container(nested))
    return nested.container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let nested = ValueEncoder(parent: self.encoder, key: self.nextKey)
    self.store(.container(nested))
    return nested.unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    let nested = ValueEncoder(parent: self.encoder, key: self.nextKey)
    self.store(.container(nested))
    return nested
  }
}

/// The coding key of an array element: its position.
struct IndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "Index \(self.intValue ?? 0)" }

  init(intValue: Int) { self.intValue = intValue }
  init?(stringValue: String) { nil }
}
