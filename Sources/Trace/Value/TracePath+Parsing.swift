extension TracePath {
  /// Reads a path from the text ``description`` writes: `todos[id: 3].isComplete`,
  /// `settings["en-US"]`, `items[2]`, or the empty string for the root.
  ///
  /// Beyond what `description` writes, it also accepts `[id:3]` without the space, spaces inside
  /// brackets, and bare field names that are not identifiers but hold none of `.`, `[`, `]`, `"`,
  /// `\` or whitespace (`settings.en-US`); `description` quotes those.
  ///
  /// ```swift
  /// let path = try TracePath(parsing: "todos[id: 3].isComplete")
  /// path.components  // [.field("todos"), .id("3"), .field("isComplete")]
  /// ```
  ///
  /// - Throws: ``TracePathParsingError`` naming what was expected, what was found and where.
  public init(parsing text: String) throws {
    do {
      self = try JSONScanner.withScanner(over: text) { scanner in
        var components: [Component] = []
        while !scanner.isAtEnd {
          components.append(try Self.readComponent(from: &scanner, isFirst: components.isEmpty))
        }
        return TracePath(components)
      }
    } catch let error as TraceValueDecodingError {
      throw TracePathParsingError(
        text: text,
        expected: error.expected,
        found: error.found,
        offset: error.offset
      )
    }
  }

  private static func readComponent(
    from scanner: inout JSONScanner,
    isFirst: Bool
  ) throws -> Component {
    switch scanner.peek {
    case UInt8(ascii: "["):
      scanner.offset += 1
      let component = try Self.readBracketed(from: &scanner)
      try Self.consume(UInt8(ascii: "]"), from: &scanner, expected: "']'")
      return component
    case UInt8(ascii: ".") where !isFirst:
      scanner.offset += 1
      return .field(try Self.readBareFieldName(from: &scanner, expected: "a field name after '.'"))
    default:
      guard isFirst else { throw scanner.failure(expected: "'.', '[' or end of path") }
      return .field(try Self.readBareFieldName(from: &scanner, expected: "a field name or '['"))
    }
  }

  /// Reads what is inside `[…]`: a quoted key, an index or an id.
  private static func readBracketed(from scanner: inout JSONScanner) throws -> Component {
    Self.skipSpaces(in: &scanner)
    guard let byte = scanner.peek else {
      throw scanner.failure(expected: "an index, a quoted key or 'id:'")
    }
    switch byte {
    case UInt8(ascii: "\""):
      return .field(try scanner.readString())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      let start = scanner.offset
      guard case let .int(index) = try scanner.readNumber(), let index = Int(exactly: index) else {
        scanner.offset = start
        throw scanner.failure(expected: "an index")
      }
      return .index(index)
    case UInt8(ascii: "i")
    where scanner.offset + 1 < scanner.bytes.count
      && scanner.bytes[scanner.offset + 1] == UInt8(ascii: "d"):
      scanner.offset += 2
      try Self.consume(UInt8(ascii: ":"), from: &scanner, expected: "':' after 'id'")
      Self.skipSpaces(in: &scanner)
      if scanner.peek == UInt8(ascii: "\"") { return .id(try scanner.readString()) }
      return .id(try Self.readBareID(from: &scanner))
    default:
      throw scanner.failure(expected: "an index, a quoted key or 'id:'")
    }
  }

  /// Reads an unquoted id: everything up to `]`, without trailing spaces.
  private static func readBareID(from scanner: inout JSONScanner) throws -> String {
    let start = scanner.offset
    var end = start
    while end < scanner.bytes.count, scanner.bytes[end] != UInt8(ascii: "]") { end += 1 }
    scanner.offset = end
    while end > start, scanner.bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
    guard end > start else { throw scanner.failure(expected: "an id") }
    return String(
      decoding: UnsafeBufferPointer(rebasing: scanner.bytes[start..<end]), as: UTF8.self)
  }

  private static func readBareFieldName(
    from scanner: inout JSONScanner,
    expected: String
  ) throws -> String {
    let start = scanner.offset
    while let byte = scanner.peek, Self.isAllowedInBareFieldName(byte) { scanner.offset += 1 }
    guard scanner.offset > start else { throw scanner.failure(expected: expected) }
    let name = UnsafeBufferPointer(rebasing: scanner.bytes[start..<scanner.offset])
    return String(decoding: name, as: UTF8.self)
  }

  private static func isAllowedInBareFieldName(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "."), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\""),
      UInt8(ascii: "\\"), 0...0x20, 0x7F:
      false
    default: true
    }
  }

  private static func consume(
    _ byte: UInt8,
    from scanner: inout JSONScanner,
    expected: String
  ) throws {
    Self.skipSpaces(in: &scanner)
    guard scanner.peek == byte else { throw scanner.failure(expected: expected) }
    scanner.offset += 1
  }

  private static func skipSpaces(in scanner: inout JSONScanner) {
    while scanner.peek == UInt8(ascii: " ") { scanner.offset += 1 }
  }

  /// Whether `description` writes the field `name` bare: an identifier made of letters, digits,
  /// `_` and `$`, not starting with a digit.
  static func isBareFieldName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else {
      return false
    }
    return name.unicodeScalars.allSatisfy { scalar in
      switch scalar {
      case "a"..."z", "A"..."Z", "0"..."9", "_", "$": true
      default: !scalar.isASCII && scalar.properties.isAlphabetic
      }
    }
  }

  /// Whether `description` writes `id` bare, as `[id: 3]` rather than `[id: "3"]`.
  static func isBareID(_ id: String) -> Bool {
    guard let first = id.unicodeScalars.first, let last = id.unicodeScalars.last,
      first != "\"", !first.properties.isWhitespace, !last.properties.isWhitespace
    else { return false }
    return !id.unicodeScalars.contains { scalar in
      scalar == "]" || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
  }

  /// `text` as a JSON string literal.
  static func quoted(_ text: String) -> String {
    var writer = JSONWriter()
    writer.write(string: text)
    return writer.text
  }
}
