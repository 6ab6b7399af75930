extension JSONScanner {
  /// Moves past one JSON value after optional whitespace without building it: for the parts of
  /// a document a reader does not need, such as the `old` values of diff operations.
  ///
  /// NB: It checks what ``readValue(depth:)`` checks while scanning (the syntax, strings and their
  /// escapes, nesting depth) but nothing that needs the values themselves: an integer too large
  /// for `Int64` or a key repeated in an object goes unnoticed.
  mutating func skipValue(depth: Int = 0) throws {
    self.skipWhitespace()
    guard let byte = self.peek else { throw self.failure(expected: "a value") }
    switch byte {
    case UInt8(ascii: "{"):
      try self.checkDepth(depth)
      self.offset += 1
      if self.consumeIfPresent(UInt8(ascii: "}")) { return }
      var expected = "a string key or '}'"
      repeat {
        self.skipWhitespace()
        guard self.peek == UInt8(ascii: "\"") else { throw self.failure(expected: expected) }
        try self.skipString()
        try self.consume(UInt8(ascii: ":"), expected: "':' after an object key")
        try self.skipValue(depth: depth + 1)
        expected = "a string key"
      } while try self.consumeSeparator(orClosing: UInt8(ascii: "}"), in: "object")
    case UInt8(ascii: "["):
      try self.checkDepth(depth)
      self.offset += 1
      if self.consumeIfPresent(UInt8(ascii: "]")) { return }
      repeat {
        try self.skipValue(depth: depth + 1)
      } while try self.consumeSeparator(orClosing: UInt8(ascii: "]"), in: "array")
    case UInt8(ascii: "\""): try self.skipString()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try self.skipNumber()
    case UInt8(ascii: "t"): try self.skipWord("true")
    case UInt8(ascii: "f"): try self.skipWord("false")
    case UInt8(ascii: "n"): try self.skipWord("null")
    default: throw self.failure(expected: "a value")
    }
  }
}
