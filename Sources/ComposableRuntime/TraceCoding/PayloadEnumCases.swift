import RuntimePrimitives

/// The cases of an enum some of whose cases carry values, read from the enum's metadata: how
/// ``ReflectedValue`` codes such an enum when it is not `Codable`, as Swift's synthesized coding
/// would, by case name with the values by label or position
/// (`case didClose(code: Int, reason: String?)` codes as
/// `{"didClose": {"code": 1000, "reason": null}}`, `case send(Message)` as
/// `{"send": {"_0": …}}`, a case without values as `{"didOpen": {}}`).
///
/// NB: A type's metadata holds what this needs, in the layout the Swift ABI fixes: the nominal
/// type descriptor points to the field descriptor, whose records name each case, in the order of
/// the cases' tags (the cases with values first), with the mangled name of its payload's type;
/// the value witness table gets and sets a value's tag and projects its payload in place. An
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
      let tag = Int(self.witnesses.tag(of: memory, Value.self))
      let enumCase = self.cases[tag]
      // NB: Projecting leaves the payload alone in the memory, as a value of its own type.
      self.witnesses.projectPayload(memory, Value.self)
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
      self.witnesses.injectTag(UInt32(tag), into: memory, Value.self)
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
    // NB: The enum's metadata: its kind (an enum, not an optional), then its nominal type
    // descriptor: the number of cases with values at offset 20 (the low 24 bits), and a
    // relative pointer to its field descriptor at offset 16.
    let metadata = unsafeBitCast(Value.self as Any.Type, to: UnsafeRawPointer.self)
    let enumKind = 0x201
    guard metadata.load(as: Int.self) == enumKind else { return nil }
    let descriptor = metadata.load(fromByteOffset: MemoryLayout<Int>.size, as: UnsafeRawPointer.self)
    let payloadCases = Int(descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF)
    let emptyCases = Int(descriptor.load(fromByteOffset: 24, as: UInt32.self))
    guard payloadCases > 0, let fieldDescriptor = relative(descriptor + 16) else { return nil }
    // NB: The field descriptor: two relative pointers, its kind and record size (16 bits each),
    // the number of records (32 bits), then the records: flags (32 bits; 1 is an indirect case),
    // the payload type's mangled name and the case's name, each a relative pointer.
    let recordSize = Int(fieldDescriptor.load(fromByteOffset: 10, as: UInt16.self))
    let records = Int(fieldDescriptor.load(fromByteOffset: 12, as: UInt32.self))
    guard records == payloadCases + emptyCases, recordSize >= 12 else { return nil }
    // NB: An enum's generic arguments follow its kind and descriptor.
    let genericArguments = metadata + 2 * MemoryLayout<Int>.size
    var cases: [Case] = []
    for index in 0..<records {
      let record = fieldDescriptor + 16 + index * recordSize
      let isIndirect = record.load(as: UInt32.self) & 1 != 0
      guard let name = relative(record + 8) else { return nil }
      let caseName = String(cString: name.assumingMemoryBound(to: CChar.self))
      guard let mangled = relative(record + 4) else {
        cases.append(Case(name: caseName, values: [], payload: nil, isIndirect: false))
        continue
      }
      let bytes = mangled.assumingMemoryBound(to: UInt8.self)
      guard
        let payload = _getTypeByMangledNameInContext(
          bytes, UInt(mangledNameLength(bytes)), genericContext: descriptor,
          genericArguments: genericArguments)
      else { return nil }
      cases.append(
        Case(name: caseName, values: values(of: payload), payload: payload, isIndirect: isIndirect))
    }
    return PayloadEnumCases(cases: cases, witnesses: EnumWitnesses(metadata))
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

  /// Where the 32-bit relative pointer at `pointer` points, or `nil` when it is null.
  private static func relative(_ pointer: UnsafeRawPointer) -> UnsafeRawPointer? {
    let offset = pointer.load(as: Int32.self)
    return offset == 0 ? nil : pointer + Int(offset)
  }

  /// The length of a mangled name: it ends at a zero byte, but a symbolic reference (a byte from
  /// 1 to 0x17, or 0x18 to 0x1F) is followed by a 4-byte offset (or a pointer) that may hold
  /// zero bytes.
  private static func mangledNameLength(_ name: UnsafePointer<UInt8>) -> Int {
    var length = 0
    while name[length] != 0 {
      switch name[length] {
      case 0x01...0x17: length += 1 + 4
      case 0x18...0x1F: length += 1 + MemoryLayout<Int>.size
      default: length += 1
      }
    }
    return length
  }
}

/// The enum value witnesses of one enum type: they read and set a value's case in place.
///
/// NB: A type's value witness table is the word before its metadata; an enum's has three more
/// entries after the common ones (eight functions, size, stride, flags and extra inhabitants):
/// `getEnumTag`, `destructiveProjectEnumData` and `destructiveInjectEnumTag`.
private struct EnumWitnesses {
  typealias GetTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32
  typealias Project = @convention(c) (UnsafeMutableRawPointer, UnsafeRawPointer) -> Void
  typealias Inject = @convention(c) (UnsafeMutableRawPointer, UInt32, UnsafeRawPointer) -> Void

  let metadata: UnsafeRawPointer
  let getTag: GetTag
  let project: Project
  let inject: Inject

  init(_ metadata: UnsafeRawPointer) {
    self.metadata = metadata
    let table = (metadata - MemoryLayout<Int>.size).load(as: UnsafeRawPointer.self)
    let word = MemoryLayout<Int>.size
    let common = 8 * word + 2 * word + 2 * MemoryLayout<UInt32>.size
    self.getTag = unsafeBitCast(table.load(fromByteOffset: common, as: UnsafeRawPointer.self), to: GetTag.self)
    self.project = unsafeBitCast(
      table.load(fromByteOffset: common + word, as: UnsafeRawPointer.self), to: Project.self)
    self.inject = unsafeBitCast(
      table.load(fromByteOffset: common + 2 * word, as: UnsafeRawPointer.self), to: Inject.self)
  }

  func tag<Value>(of value: UnsafeRawPointer, _: Value.Type) -> UInt32 {
    self.getTag(value, self.metadata)
  }

  /// Leaves the value's payload alone in its memory, as a value of the payload's type.
  func projectPayload<Value>(_ value: UnsafeMutableRawPointer, _: Value.Type) {
    self.project(value, self.metadata)
  }

  /// Makes the payload in `value`'s memory a value of the enum, in case `tag`.
  func injectTag<Value>(_ tag: UInt32, into value: UnsafeMutableRawPointer, _: Value.Type) {
    self.inject(value, tag, self.metadata)
  }
}
