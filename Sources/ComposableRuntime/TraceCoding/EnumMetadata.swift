/// What an enum type's metadata says of its cases, read in the layout the Swift ABI fixes: how
/// many carry values, each case's name and payload type in the order of their tags, and the
/// value witnesses that read and set a value's case in place. ``PlainEnumCases`` and
/// ``PayloadEnumCases`` code enums from it.
///
/// NB: The metadata's first word is its kind, the second its nominal type descriptor, then the
/// enum's generic arguments. The descriptor holds the number of cases with values at offset 20
/// (the low 24 bits), the number without at 24, and a relative pointer to its field descriptor at
/// 16. The field descriptor holds two relative pointers, its kind and record size (16 bits
/// each), the number of records (32 bits), then the records, one per case, cases with values
/// first: flags (32 bits; 1 is an indirect case), then the payload type's mangled name and the
/// case's name, each a relative pointer.
struct EnumMetadata {
  /// One case, as its field record says.
  struct CaseRecord {
    let name: String
    /// The payload's mangled type name, `nil` for a case without values.
    let mangledPayload: UnsafePointer<UInt8>?
    let isIndirect: Bool
  }

  let metadata: UnsafeRawPointer
  let descriptor: UnsafeRawPointer
  let payloadCaseCount: Int
  let emptyCaseCount: Int

  /// The metadata of `type`, or `nil` when it is not an enum (an optional is not).
  init?(_ type: Any.Type) {
    let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
    let enumKind = 0x201
    guard metadata.load(as: Int.self) == enumKind else { return nil }
    self.metadata = metadata
    self.descriptor = metadata.load(fromByteOffset: MemoryLayout<Int>.size, as: UnsafeRawPointer.self)
    self.payloadCaseCount = Int(self.descriptor.load(fromByteOffset: 20, as: UInt32.self) & 0x00FF_FFFF)
    self.emptyCaseCount = Int(self.descriptor.load(fromByteOffset: 24, as: UInt32.self))
  }

  /// The cases in the order of their tags, or `nil` when the field descriptor is missing or
  /// does not list them all.
  func cases() -> [CaseRecord]? {
    guard let fieldDescriptor = Self.relative(self.descriptor + 16) else { return nil }
    let recordSize = Int(fieldDescriptor.load(fromByteOffset: 10, as: UInt16.self))
    let records = Int(fieldDescriptor.load(fromByteOffset: 12, as: UInt32.self))
    guard records == self.payloadCaseCount + self.emptyCaseCount, recordSize >= 12 else {
      return nil
    }
    var cases: [CaseRecord] = []
    for index in 0..<records {
      let record = fieldDescriptor + 16 + index * recordSize
      guard let name = Self.relative(record + 8) else { return nil }
      cases.append(
        CaseRecord(
          name: String(cString: name.assumingMemoryBound(to: CChar.self)),
          mangledPayload: Self.relative(record + 4)?.assumingMemoryBound(to: UInt8.self),
          isIndirect: record.load(as: UInt32.self) & 1 != 0))
    }
    return cases
  }

  /// The type a case's payload has, resolved with the enum's generic arguments.
  func payloadType(_ mangled: UnsafePointer<UInt8>) -> Any.Type? {
    _getTypeByMangledNameInContext(
      mangled, UInt(Self.mangledNameLength(mangled)), genericContext: self.descriptor,
      genericArguments: self.metadata + 2 * MemoryLayout<Int>.size)
  }

  var witnesses: EnumWitnesses { EnumWitnesses(self.metadata) }

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
struct EnumWitnesses {
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
    self.getTag = unsafeBitCast(
      table.load(fromByteOffset: common, as: UnsafeRawPointer.self), to: GetTag.self)
    self.project = unsafeBitCast(
      table.load(fromByteOffset: common + word, as: UnsafeRawPointer.self), to: Project.self)
    self.inject = unsafeBitCast(
      table.load(fromByteOffset: common + 2 * word, as: UnsafeRawPointer.self), to: Inject.self)
  }

  /// The tag of the case the value at `value` is in.
  func tag(of value: UnsafeRawPointer) -> UInt32 {
    self.getTag(value, self.metadata)
  }

  /// Leaves the value's payload alone in its memory, as a value of the payload's type.
  func projectPayload(_ value: UnsafeMutableRawPointer) {
    self.project(value, self.metadata)
  }

  /// Makes the payload in `value`'s memory (nothing, for a case without values) a value of the
  /// enum, in case `tag`.
  func injectTag(_ tag: UInt32, into value: UnsafeMutableRawPointer) {
    self.inject(value, tag, self.metadata)
  }
}
