/// UTF-8 validation for the scanner, which must reject strings that are not valid UTF-8 rather
/// than let `String(decoding:as:)` repair them.
extension JSONScanner {
  /// The offset of the first byte in `bytes` that does not belong to valid UTF-8, if any.
  static func firstInvalidUTF8Offset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var position = 0
    while position < bytes.count {
      if bytes[position] < 0x80 {
        position += 1
        continue
      }
      let length = Self.validUTF8Length(in: bytes, at: position)
      guard length > 0 else { return position }
      position += length
    }
    return nil
  }

  /// The length of the valid multi-byte UTF-8 sequence at `position`, or 0 if there is none.
  static func validUTF8Length(in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Int {
    let lead = bytes[position]
    let length: Int
    var secondRange: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      secondRange = 0xA0...0xBF
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      secondRange = 0x80...0x9F
    case 0xF0:
      length = 4
      secondRange = 0x90...0xBF
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      secondRange = 0x80...0x8F
    default: return 0
    }
    guard position + length <= bytes.count, secondRange.contains(bytes[position + 1]) else {
      return 0
    }
    for continuation in bytes[(position + 2)..<(position + length)]
    where continuation & 0xC0 != 0x80 {
      return 0
    }
    return length
  }
}
