extension JSONScanner {
  /// Reads a JSON number: one without a fraction or exponent is an `.int` (and must fit in
  /// `Int64`), any other is a `.double`.
  mutating func readNumber() throws -> TraceValue {
    let start = self.offset
    let isInteger = try self.skipNumber()
    let isNegative = self.bytes[start] == UInt8(ascii: "-")
    let text = UnsafeBufferPointer(rebasing: self.bytes[start..<self.offset])
    if isInteger {
      guard let int = Self.int64(fromDigitsOf: text, isNegative: isNegative) else {
        throw TraceValueDecodingError(
          expected: "an integer from \(Int64.min) to \(Int64.max)",
          found: "'\(String(decoding: text, as: UTF8.self))'",
          offset: start
        )
      }
      return .int(int)
    }
    // NB: Short numbers fit in a small string, so this allocates nothing; `Double.init` rounds
    // correctly and ignores the locale.
    guard let double = Double(String(decoding: text, as: UTF8.self)) else {
      throw TraceValueDecodingError(
        expected: "a number",
        found: "'\(String(decoding: text, as: UTF8.self))'",
        offset: start
      )
    }
    return .double(double)
  }

  /// Moves past a JSON number, checking its syntax, and tells whether it is an integer (no
  /// fraction, no exponent).
  @discardableResult
  mutating func skipNumber() throws -> Bool {
    let isNegative = self.peek == UInt8(ascii: "-")
    if isNegative { self.offset += 1 }
    guard self.peek.map(Self.isDigit) == true else {
      throw self.failure(expected: "a digit")
    }
    // NB: JSON allows no leading zeros: after a `0` the integer part is over.
    if self.peek == UInt8(ascii: "0") { self.offset += 1 } else { self.skipDigits() }
    var isInteger = true
    if self.peek == UInt8(ascii: ".") {
      isInteger = false
      self.offset += 1
      guard self.peek.map(Self.isDigit) == true else {
        throw self.failure(expected: "a digit after '.'")
      }
      self.skipDigits()
    }
    if self.peek == UInt8(ascii: "e") || self.peek == UInt8(ascii: "E") {
      isInteger = false
      self.offset += 1
      if self.peek == UInt8(ascii: "+") || self.peek == UInt8(ascii: "-") { self.offset += 1 }
      guard self.peek.map(Self.isDigit) == true else {
        throw self.failure(expected: "a digit in the exponent")
      }
      self.skipDigits()
    }
    return isInteger
  }

  private mutating func skipDigits() {
    while let byte = self.peek, Self.isDigit(byte) { self.offset += 1 }
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// The value of `text` (an optional `-` and decimal digits), or `nil` if it overflows.
  private static func int64(
    fromDigitsOf text: UnsafeBufferPointer<UInt8>,
    isNegative: Bool
  ) -> Int64? {
    // Accumulate downwards, so `Int64.min`, whose magnitude has no positive `Int64`, fits.
    var value: Int64 = 0
    for byte in text.dropFirst(isNegative ? 1 : 0) {
      let (shifted, shiftOverflow) = value.multipliedReportingOverflow(by: 10)
      let (next, digitOverflow) =
        shifted.subtractingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
      guard !shiftOverflow, !digitOverflow else { return nil }
      value = next
    }
    if isNegative { return value }
    return value == .min ? nil : -value
  }
}
