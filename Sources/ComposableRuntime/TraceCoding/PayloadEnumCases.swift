import RuntimePrimitives

/// The cases of an enum some of whose cases carry values, read from the enum's metadata: how
/// ``ReflectedValue`` codes such an enum when it is not `Codable`, as Swift's synthesized coding
/// would, by case name with the values by label or position
/// (`case didClose(code: Int, reason: String?)` codes as
/// `{"didClose": {"code": 1000, "reason": null}}`, `case send(Message)` as
/// `{"send": {"_0": …}}`, a case without values as `{"didOpen": {}}`).
///
/// NB: The cases, their payload types and the value witnesses come from ``EnumMetadata``. An
/// `indirect` case's payload is in a box of the runtime's, which the value holds.
final class PayloadEnumCases: @unchecked Sendable {
  // NB: @unchecked: immutable once made.
  struct Case {
    let name: String
    /// The case's values, in order (none for a case without values).
    let values: [CaseValue]
    /// The payload's type, a tuple when the case has more than one value; `nil` for none.
    let payload: Any.Type?
    /// Whether the payload is boxed (an `indirect` case): the value holds the box.
    let isIndirect: Bool
  }

  /// One value a case carries, where it lies in the payload.
  struct CaseValue {
    let label: String
    let offset: Int
    let type: Any.Type
  }

  let cases: [Case]
  private let tags: [String: Int]
  private let witnesses: EnumWitnesses

  private init(cases: [Case], witnesses: EnumWitnesses) {
    self.cases = cases
    self.witnesses = witnesses
    var tags: [String: Int] = [:]
    for (tag, enumCase) in cases.enumerated() { tags[enumCase.name] = tag }
    self.tags = tags
  }

  /// The cases of `type`, or `nil` when it is not an enum with a case that carries a value.
  static func of(_ type: Any.Type) -> PayloadEnumCases? {
    memo.value(for: type) { type in
      func open<Value>(_: Value.Type) -> PayloadEnumCases? { make(Value.self) }
      return _openExistential(type, do: open)
    }
  }

  private static let memo = TypeMemo<PayloadEnumCases>()

  /// Encodes `value` under its case's name, with its values by label or position.
  func encode<Value>(_ value: Value, to encoder: any Encoder) throws {
    try withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
      let memory = UnsafeMutableRawPointer(buffer.baseAddress!)
      memory.initializeMemory(as: Value.self, to: value)
      let tag = Int(self.witnesses.tag(of: memory))
      let enumCase = self.cases[tag]
      // NB: Projecting leaves the payload alone in the memory, as a value of its own type.
      self.witnesses.projectPayload(memory)
      defer {
        if enumCase.isIndirect {
          memory.assumingMemoryBound(to: AnyObject.self).deinitialize(count: 1)
        } else if let payload = enumCase.payload {
          Self.destroy(memory, as: payload)
        }
      }
      let payload =
        enumCase.isIndirect
        ? UnsafeRawPointer(
          composable_runtime_box_project(memory.load(as: UnsafeMutableRawPointer.self)))
        : UnsafeRawPointer(memory)
      var container = encoder.container(keyedBy: TraceCodingKey.self)
      var values = container.nestedContainer(
        keyedBy: TraceCodingKey.self, forKey: TraceCodingKey(stringValue: enumCase.name))
      for caseValue in enumCase.values {
        try Self.encode(payload + caseValue.offset, as: caseValue.type, caseValue.label, &values)
      }
    }
  }

  /// Decodes a value of the enum from its case's name and values.
  func decode<Value>(from decoder: any Decoder) throws -> Value {
    let container = try decoder.container(keyedBy: TraceCodingKey.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first,
      let tag = self.tags[key.stringValue]
    else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription:
            "expected one case of \(Value.self) (\(self.cases.map(\.name).joined(separator: ", "))); found \(container.allKeys.map(\.stringValue))"
        ))
    }
    let enumCase = self.cases[tag]
    let values = try container.nestedContainer(keyedBy: TraceCodingKey.self, forKey: key)
    return try withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { buffer in
      let memory = UnsafeMutableRawPointer(buffer.baseAddress!)
      var payload = memory
      var box: UnsafeMutableRawPointer?
      if enumCase.isIndirect, let type = enumCase.payload {
        var value: UnsafeMutableRawPointer?
        box = composable_runtime_box_alloc(unsafeBitCast(type, to: UnsafeRawPointer.self), &value)
        payload = value!
      }
      var initialized = 0
      do {
        for caseValue in enumCase.values {
          try Self.decode(
            values, caseValue.label, as: caseValue.type, into: payload + caseValue.offset)
          initialized += 1
        }
      } catch {
        for caseValue in enumCase.values.prefix(initialized) {
          Self.destroy(payload + caseValue.offset, as: caseValue.type)
        }
        if let box { composable_runtime_box_dealloc(box) }
        throw error
      }
      if let box { memory.storeBytes(of: box, as: UnsafeMutableRawPointer.self) }
      self.witnesses.injectTag(UInt32(tag), into: memory)
      return memory.assumingMemoryBound(to: Value.self).move()
    }
  }

  private static func encode(
    _ pointer: UnsafeRawPointer, as type: Any.Type, _ label: String,
    _ container: inout KeyedEncodingContainer<TraceCodingKey>
  ) throws {
    func typed<Field>(_: Field.Type) throws {
      try container.encode(
        ReflectedValue(pointer.load(as: Field.self)), forKey: TraceCodingKey(stringValue: label))
    }
    try _openExistential(type, do: typed)
  }

  private static func decode(
    _ container: KeyedDecodingContainer<TraceCodingKey>, _ label: String, as type: Any.Type,
    into pointer: UnsafeMutableRawPointer
  ) throws {
    func typed<Field>(_: Field.Type) throws {
      let value = try container.decode(
        ReflectedValue<Field>.self, forKey: TraceCodingKey(stringValue: label)
      ).value
      pointer.initializeMemory(as: Field.self, to: value)
    }
    try _openExistential(type, do: typed)
  }

  private static func destroy(_ pointer: UnsafeMutableRawPointer, as type: Any.Type) {
    func typed<Field>(_: Field.Type) {
      pointer.assumingMemoryBound(to: Field.self).deinitialize(count: 1)
    }
    _openExistential(type, do: typed)
  }

  private static func make<Value>(_: Value.Type) -> PayloadEnumCases? {
    guard let metadata = EnumMetadata(Value.self), metadata.payloadCaseCount > 0,
      let records = metadata.cases()
    else { return nil }
    var cases: [Case] = []
    for record in records {
      guard let mangled = record.mangledPayload else {
        cases.append(Case(name: record.name, values: [], payload: nil, isIndirect: false))
        continue
      }
      guard let payload = metadata.payloadType(mangled) else { return nil }
      cases.append(
        Case(
          name: record.name, values: values(of: payload), payload: payload,
          isIndirect: record.isIndirect))
    }
    return PayloadEnumCases(cases: cases, witnesses: metadata.witnesses)
  }

  /// A case's values: a tuple's elements by label (or `_0`, `_1`, … when unlabeled), or the
  /// payload itself as `_0`.
  private static func values(of payload: Any.Type) -> [CaseValue] {
    // NB: A tuple's metadata: its kind, the number of elements, a pointer to its labels (each
    // followed by a space, empty for an unlabeled element; null when none has one), then each
    // element's type and offset (32 bits, or a word on Apple platforms, little-endian either
    // way; an element takes two words).
    let metadata = unsafeBitCast(payload, to: UnsafeRawPointer.self)
    let tupleKind = 0x301
    guard metadata.load(as: Int.self) == tupleKind else {
      return [CaseValue(label: "_0", offset: 0, type: payload)]
    }
    let word = MemoryLayout<Int>.size
    let count = metadata.load(fromByteOffset: word, as: Int.self)
    let labelText = metadata.load(fromByteOffset: 2 * word, as: UnsafePointer<CChar>?.self)
    let labels = labelText.map {
      String(cString: $0).split(separator: " ", omittingEmptySubsequences: false).map(String.init)
    }
    return (0..<count).map { index in
      let element = metadata + 3 * word + index * 2 * word
      let label = labels.flatMap { index < $0.count && !$0[index].isEmpty ? $0[index] : nil }
      return CaseValue(
        label: label ?? "_\(index)",
        offset: Int(element.load(fromByteOffset: word, as: UInt32.self)),
        type: unsafeBitCast(element.load(as: UnsafeRawPointer.self), to: Any.Type.self))
    }
  }
}
