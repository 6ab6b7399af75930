extension JSONScanner {
  /// A failure at the current offset, describing what is there.
  func failure(expected: String) -> TraceValueDecodingError {
    TraceValueDecodingError(
      expected: expected,
      found: self.describeFound(at: self.offset),
      offset: self.offset
    )
  }

  /// Names what sits at `position` for an error message: a word, a character or a byte.
  func describeFound(at position: Int) -> String {
    guard position < self.bytes.count else { return "end of input" }
    let byte = self.bytes[position]
    if Self.isWordByte(byte), byte != UInt8(ascii: "."), byte != UInt8(ascii: "+") {
      var end = position
      while end < self.bytes.count, end - position < 24, Self.isWordByte(self.bytes[end]) {
        end += 1
      }
      let word = UnsafeBufferPointer(rebasing: self.bytes[position..<end])
      return "'\(String(decoding: word, as: UTF8.self))'"
    }
    if (0x20..<0x7F).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
    if byte >= 0x80, let scalar = self.scalar(at: position) { return "'\(scalar)'" }
    return "byte 0x\(byte < 0x10 ? "0" : "")\(String(byte, radix: 16, uppercase: true))"
  }

  /// The Unicode scalar encoded at `position`, if the bytes there are valid UTF-8.
  private func scalar(at position: Int) -> Unicode.Scalar? {
    let length = Self.validUTF8Length(in: self.bytes, at: position)
    guard length > 0 else { return nil }
    let encoded = UnsafeBufferPointer(rebasing: self.bytes[position..<position + length])
    return String(decoding: encoded, as: UTF8.self).unicodeScalars.first
  }

  /// Letters, digits and the other bytes that make up a JSON literal or number.
  static func isWordByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"),
      UInt8(ascii: "+"), UInt8(ascii: "."):
      true
    default: false
    }
  }
}
