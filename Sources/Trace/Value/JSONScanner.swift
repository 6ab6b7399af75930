/// Reads JSON from UTF-8 bytes: the decoding half of ``TraceValue/init(jsonText:)``, also used to
/// read diff operations and the quoted parts of paths.
///
/// The scanner walks the bytes once. Strings without escapes become `String`s in one step;
/// strings with escapes are unescaped into a reused byte buffer. Every failure is a
/// ``TraceValueDecodingError`` that says what was expected, what was found and at which byte.
///
/// ```swift
/// let value = try JSONScanner.withScanner(over: Array(#"[1, 2.5]"#.utf8)) { scanner in
///   try scanner.readDocument()
/// }
/// ```
struct JSONScanner {
  /// How deeply arrays and objects may nest before reading gives up, to keep the stack bounded.
  static let maximumDepth = 512

  let bytes: UnsafeBufferPointer<UInt8>
  /// The position of the next unread byte.
  var offset = 0
  /// Unescaped bytes of the string being read, kept between strings to reuse its storage.
  var unescaped: [UInt8] = []

  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  /// Runs `body` with a scanner over `bytes`, copying them only if they are not contiguous.
  static func withScanner<Bytes: Collection<UInt8>, Result>(
    over bytes: Bytes,
    _ body: (inout JSONScanner) throws -> Result
  ) throws -> Result {
    let result = try bytes.withContiguousStorageIfAvailable { buffer in
      var scanner = JSONScanner(buffer)
      return try body(&scanner)
    }
    if let result { return result }
    return try Array(bytes).withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(buffer)
      return try body(&scanner)
    }
  }

  /// Runs `body` with a scanner over the UTF-8 of `text`.
  static func withScanner<Result>(
    over text: String,
    _ body: (inout JSONScanner) throws -> Result
  ) throws -> Result {
    var text = text
    return try text.withUTF8 { buffer in
      var scanner = JSONScanner(buffer)
      return try body(&scanner)
    }
  }

  /// Whether every byte has been read.
  var isAtEnd: Bool { self.offset >= self.bytes.count }

  /// The next unread byte, if any.
  var peek: UInt8? { self.isAtEnd ? nil : self.bytes[self.offset] }

  /// Reads one value that must fill the input, give or take whitespace.
  mutating func readDocument() throws -> TraceValue {
    let value = try self.readValue()
    self.skipWhitespace()
    guard self.isAtEnd else { throw self.failure(expected: "end of input") }
    return value
  }

  /// Skips JSON whitespace: space, tab, line feed, carriage return.
  mutating func skipWhitespace() {
    while let byte = self.peek,
      byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    {
      self.offset += 1
    }
  }

  /// Skips whitespace, then consumes `byte` or throws naming `expected`.
  mutating func consume(_ byte: UInt8, expected: @autoclosure () -> String) throws {
    self.skipWhitespace()
    guard self.peek == byte else { throw self.failure(expected: expected()) }
    self.offset += 1
  }

  /// Skips whitespace, then consumes `byte` if it is next.
  mutating func consumeIfPresent(_ byte: UInt8) -> Bool {
    self.skipWhitespace()
    guard self.peek == byte else { return false }
    self.offset += 1
    return true
  }

  /// Reads any JSON value after optional whitespace, turning marker objects into the values they
  /// stand for (see ``TraceValue/jsonText``).
  mutating func readValue(depth: Int = 0) throws -> TraceValue {
    self.skipWhitespace()
    guard let byte = self.peek else { throw self.failure(expected: "a value") }
    switch byte {
    case UInt8(ascii: "{"): return try self.readObject(depth: depth)
    case UInt8(ascii: "["): return try self.readArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try self.readString())
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try self.readNumber()
    case UInt8(ascii: "t"): return try self.read("true", as: .bool(true))
    case UInt8(ascii: "f"): return try self.read("false", as: .bool(false))
    case UInt8(ascii: "n"): return try self.read("null", as: .null)
    default: throw self.failure(expected: "a value")
    }
  }

  /// Reads `true`, `false` or `null`, which must not run on into more letters.
  private mutating func read(_ word: StaticString, as value: TraceValue) throws -> TraceValue {
    try self.skipWord(word)
    return value
  }

  /// Moves past `true`, `false` or `null`, which must not run on into more letters.
  mutating func skipWord(_ word: StaticString) throws {
    let end = self.offset + word.utf8CodeUnitCount
    let matches =
      end <= self.bytes.count
      && word.withUTF8Buffer { $0.elementsEqual(self.bytes[self.offset..<end]) }
      && !(end < self.bytes.count && Self.isWordByte(self.bytes[end]))
    guard matches else { throw self.failure(expected: "a value") }
    self.offset = end
  }

  private mutating func readArray(depth: Int) throws -> TraceValue {
    try self.checkDepth(depth)
    self.offset += 1
    var elements: [TraceValue] = []
    if self.consumeIfPresent(UInt8(ascii: "]")) { return .array(elements) }
    repeat {
      elements.append(try self.readValue(depth: depth + 1))
    } while try self.consumeSeparator(orClosing: UInt8(ascii: "]"), in: "array")
    return .array(elements)
  }

  private mutating func readObject(depth: Int) throws -> TraceValue {
    try self.checkDepth(depth)
    self.offset += 1
    if self.consumeIfPresent(UInt8(ascii: "}")) { return .object([]) }
    let firstKey = try self.readKey(expected: "a string key or '}'")
    if let marker = TraceValue.MarkerKey(rawValue: firstKey) {
      return try self.readMarker(marker, depth: depth)
    }
    return .object(try self.readFields(startingWith: firstKey, depth: depth))
  }

  /// Reads an object's fields after its first key, up to and including the closing brace.
  private mutating func readFields(
    startingWith firstKey: String,
    depth: Int
  ) throws -> [TraceValue.Field] {
    var fields = [TraceValue.Field(firstKey, try self.readValue(depth: depth + 1))]
    // NB: Repeated keys are found by a scan in small objects and by a set in large ones.
    var keys: Set<String> = []
    while try self.consumeSeparator(orClosing: UInt8(ascii: "}"), in: "object") {
      self.skipWhitespace()
      let keyOffset = self.offset
      let key = try self.readKey(expected: "a string key")
      if fields.count == 16 { keys = Set(fields.lazy.map(\.name)) }
      let isRepeated =
        fields.count < 16 ? fields.contains { $0.name == key } : !keys.insert(key).inserted
      if isRepeated {
        throw TraceValueDecodingError(
          expected: "a key not used before in this object",
          found: "\"\(key)\" again",
          offset: keyOffset
        )
      }
      fields.append(.init(key, try self.readValue(depth: depth + 1)))
    }
    return fields
  }

  /// Reads the rest of an object whose first key is a marker's key.
  private mutating func readMarker(
    _ marker: TraceValue.MarkerKey,
    depth: Int
  ) throws -> TraceValue {
    switch marker {
    case .object:
      try self.consume(UInt8(ascii: "{"), expected: "the wrapped object of \"$object\"")
      try self.checkDepth(depth + 1)
      var fields: [TraceValue.Field] = []
      if !self.consumeIfPresent(UInt8(ascii: "}")) {
        let key = try self.readKey(expected: "a string key or '}'")
        fields = try self.readFields(startingWith: key, depth: depth + 1)
      }
      try self.consume(UInt8(ascii: "}"), expected: "'}' after the object wrapped by \"$object\"")
      return .object(fields)
    case .redacted, .double:
      let fields = try self.readFields(startingWith: marker.rawValue, depth: depth)
      if let value = marker.value(of: fields) { return value }
      // NB: The writer wraps every object that starts with a marker key, so this only happens to
      // JSON written by someone else; keep it as the plain object it looks like.
      return .object(fields)
    }
  }

  /// Reads `"key":` after optional whitespace.
  mutating func readKey(expected: @autoclosure () -> String) throws -> String {
    self.skipWhitespace()
    guard self.peek == UInt8(ascii: "\"") else { throw self.failure(expected: expected()) }
    let key = try self.readString()
    try self.consume(UInt8(ascii: ":"), expected: "':' after an object key")
    return key
  }

  /// Consumes `,` (returning `true`) or the closing bracket (returning `false`).
  mutating func consumeSeparator(
    orClosing closing: UInt8,
    in container: String
  ) throws -> Bool {
    self.skipWhitespace()
    switch self.peek {
    case UInt8(ascii: ","):
      self.offset += 1
      return true
    case closing:
      self.offset += 1
      return false
    default:
      throw self.failure(expected: "',' or '\(Character(Unicode.Scalar(closing)))' in \(container)")
    }
  }

  func checkDepth(_ depth: Int) throws {
    guard depth < Self.maximumDepth else {
      throw self.failure(expected: "at most \(Self.maximumDepth) levels of nesting")
    }
  }
}
