extension JSONScanner {
  /// Reads a quoted JSON string at the current offset, unescaping it.
  ///
  /// Raw control characters, unknown escapes, unpaired surrogates and invalid UTF-8 are errors.
  mutating func readString() throws -> String {
    let start = self.offset + 1
    let (body, hasEscapes) = try self.scanString()
    guard hasEscapes else { return String(decoding: body, as: UTF8.self) }
    return try self.unescape(body, at: start)
  }

  /// Moves past a quoted JSON string at the current offset without making a `String` of it,
  /// checking it as ``readString()`` does.
  mutating func skipString() throws {
    let start = self.offset + 1
    let (body, hasEscapes) = try self.scanString()
    // NB: Escapes are rare in stored values; checking them builds the unescaped string.
    if hasEscapes { _ = try self.unescape(body, at: start) }
  }

  /// Reads a string without escapes at the current offset, returning the bytes between its
  /// quotes as they are (``readString()`` checks them); anything else leaves the scanner where
  /// it was and returns `nil`. For matching known names and texts read before.
  mutating func readPlainString() -> UnsafeBufferPointer<UInt8>? {
    guard self.peek == UInt8(ascii: "\"") else { return nil }
    let start = self.offset + 1
    var end = start
    while end < self.bytes.count, self.bytes[end] != UInt8(ascii: "\""),
      self.bytes[end] != UInt8(ascii: "\\")
    {
      end += 1
    }
    guard end < self.bytes.count, self.bytes[end] == UInt8(ascii: "\"") else { return nil }
    self.offset = end + 1
    return UnsafeBufferPointer(rebasing: self.bytes[start..<end])
  }

  /// Moves past a quoted string at the current offset, checking its bytes but not its escapes,
  /// and returns the bytes between the quotes.
  private mutating func scanString() throws -> (
    body: UnsafeBufferPointer<UInt8>, hasEscapes: Bool
  ) {
    self.offset += 1
    let start = self.offset
    var position = start
    var hasEscapes = false
    var nonASCIIBits: UInt8 = 0
    while true {
      guard position < self.bytes.count else {
        self.offset = self.bytes.count
        throw self.failure(expected: "'\"' to end the string")
      }
      let byte = self.bytes[position]
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") {
        hasEscapes = true
        position += 2
        continue
      }
      if byte < 0x20 {
        self.offset = position
        throw self.failure(expected: "'\"' or a character allowed unescaped in a string")
      }
      nonASCIIBits |= byte
      position += 1
    }
    let body = UnsafeBufferPointer(rebasing: self.bytes[start..<position])
    if nonASCIIBits >= 0x80, let invalid = Self.firstInvalidUTF8Offset(in: body) {
      self.offset = start + invalid
      throw self.failure(expected: "valid UTF-8 in a string")
    }
    self.offset = position + 1
    return (body, hasEscapes)
  }

  /// Decodes the escapes in `body`, the text between the quotes of a string starting at `start`.
  private mutating func unescape(
    _ body: UnsafeBufferPointer<UInt8>,
    at start: Int
  ) throws -> String {
    self.unescaped.removeAll(keepingCapacity: true)
    var runStart = 0
    var position = 0
    while position < body.count {
      guard body[position] == UInt8(ascii: "\\") else {
        position += 1
        continue
      }
      self.unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: body[runStart..<position]))
      position += 1
      let escape = position < body.count ? body[position] : 0
      position += 1
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): self.unescaped.append(escape)
      case UInt8(ascii: "b"): self.unescaped.append(0x08)
      case UInt8(ascii: "f"): self.unescaped.append(0x0C)
      case UInt8(ascii: "n"): self.unescaped.append(0x0A)
      case UInt8(ascii: "r"): self.unescaped.append(0x0D)
      case UInt8(ascii: "t"): self.unescaped.append(0x09)
      case UInt8(ascii: "u"):
        let scalar = try self.readUnicodeEscape(in: body, at: &position, stringStart: start)
        self.unescaped.append(contentsOf: scalar.utf8)
      default:
        throw self.escapeFailure(at: start + position - 2, expected: Self.escapesExpected)
      }
      runStart = position
    }
    self.unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: body[runStart...]))
    return String(decoding: self.unescaped, as: UTF8.self)
  }

  private static let escapesExpected =
    #"an escape (\" \\ \/ \b \f \n \r \t or \u and four hex digits)"#

  /// Reads the four hex digits after `\u` (and a following low surrogate's escape, if the first
  /// was a high surrogate), leaving `position` after them.
  private func readUnicodeEscape(
    in body: UnsafeBufferPointer<UInt8>,
    at position: inout Int,
    stringStart: Int
  ) throws -> Unicode.Scalar {
    let escapeStart = position - 2
    guard let high = Self.hexValue(in: body, at: position) else {
      throw self.escapeFailure(at: stringStart + escapeStart, expected: Self.escapesExpected)
    }
    position += 4
    if let scalar = Unicode.Scalar(high) { return scalar }
    let isLowFollowing =
      high < 0xDC00 && position + 1 < body.count && body[position] == UInt8(ascii: "\\")
      && body[position + 1] == UInt8(ascii: "u")
    guard isLowFollowing, let low = Self.hexValue(in: body, at: position + 2),
      (0xDC00...0xDFFF).contains(low)
    else {
      throw self.escapeFailure(
        at: stringStart + escapeStart,
        expected: high < 0xDC00
          ? "a \\uDC00-\\uDFFF low surrogate after a high surrogate"
          : "a \\uD800-\\uDBFF high surrogate before a low surrogate"
      )
    }
    position += 6
    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
  }

  /// A failure that quotes the escape sequence at `position`: `'\q'`, `'\u12G4'`.
  private func escapeFailure(at position: Int, expected: String) -> TraceValueDecodingError {
    var end = min(position + 2, self.bytes.count)
    if end == position + 2, self.bytes[position + 1] == UInt8(ascii: "u") {
      while end < self.bytes.count, end < position + 6, Self.isWordByte(self.bytes[end]) {
        end += 1
      }
    }
    let escape = UnsafeBufferPointer(rebasing: self.bytes[position..<end])
    return TraceValueDecodingError(
      expected: expected,
      found: "'\(String(decoding: escape, as: UTF8.self))'",
      offset: position
    )
  }

  private static func hexValue(in body: UnsafeBufferPointer<UInt8>, at position: Int) -> UInt32? {
    guard position + 4 <= body.count else { return nil }
    var value: UInt32 = 0
    for byte in body[position..<position + 4] {
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }
}
