/// The single-value container of ``ValueEncoder``: the value becomes the encoder's whole
/// encoding.
struct SingleContainer: SingleValueEncodingContainer {
  let encoder: ValueEncoder

  var codingPath: [any CodingKey] { self.encoder.codingPath }

  private func store(_ value: EncodedValue) {
    self.encoder.kind = .single
    self.encoder.single = value
  }

  mutating func encodeNil() throws { self.store(.null) }
  mutating func encode(_ value: Bool) throws { self.store(.bool(value)) }
  mutating func encode(_ value: String) throws { self.store(.string(value)) }
  mutating func encode(_ value: Double) throws {
    self.store(try self.encoder.boxed(value, forKey: nil))
  }
  mutating func encode(_ value: Float) throws {
    self.store(try self.encoder.boxed(value, forKey: nil))
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
    self.store(try self.encoder.box(value, forKey: nil))
  }
}
