/// Writes compact JSON as UTF-8 bytes: the encoding half of ``TraceValue/jsonText``.
///
/// Everything is appended to one byte array; strings are copied in runs between the bytes that
/// need escaping, so writing is linear in the output and does no per-character `String` work.
///
/// ```swift
/// var writer = JSONWriter()
/// writer.write(.object([.init("count", .int(1))]))
/// writer.text  // {"count":1}
/// ```
struct JSONWriter {
  /// The JSON written so far.
  private(set) var bytes: [UInt8] = []
  /// Whether ``byteLimit`` cut the output short.
  private(set) var isTruncated = false
  /// Stop writing once the output is longer than this: for previews of large values.
  private let byteLimit: Int
  /// Where this writer's output starts in ``bytes``; the byte limit counts from here.
  private var start = 0

  init(reservingCapacity capacity: Int = 64, byteLimit: Int = .max) {
    self.bytes.reserveCapacity(capacity)
    self.byteLimit = byteLimit
  }

  /// Runs `body` with a writer that appends to `bytes` in place, its byte limit counting only
  /// what it writes, and tells whether that limit cut the output short.
  static func appending(
    to bytes: inout [UInt8],
    byteLimit: Int = .max,
    _ body: (inout JSONWriter) -> Void
  ) -> Bool {
    var writer = JSONWriter(reservingCapacity: 0, byteLimit: byteLimit)
    swap(&writer.bytes, &bytes)
    writer.start = writer.bytes.count
    body(&writer)
    swap(&writer.bytes, &bytes)
    return writer.isTruncated
  }

  /// The output as a string.
  var text: String { String(decoding: self.bytes, as: UTF8.self) }

  /// How many bytes this writer has written.
  private var count: Int { self.bytes.count - self.start }

  /// Appends `value` as JSON; see ``TraceValue/jsonText`` for the encoding of special values.
  mutating func write(_ value: TraceValue) {
    guard self.count <= self.byteLimit else {
      self.isTruncated = true
      return
    }
    switch value {
    case .null: self.append("null")
    case let .bool(bool): self.append(bool ? "true" : "false")
    case let .int(int): self.write(int)
    case let .double(double): self.write(double)
    case let .string(string): self.write(string: string)
    case let .array(elements):
      self.bytes.append(UInt8(ascii: "["))
      for (position, element) in elements.enumerated() {
        if position > 0 { self.bytes.append(UInt8(ascii: ",")) }
        self.write(element)
      }
      self.bytes.append(UInt8(ascii: "]"))
    case let .object(fields):
      // NB: An object whose first key is a marker's key is wrapped, so it never reads back as a
      // marker; see `TraceValue.MarkerKey`.
      let isWrapped = fields.first.map { TraceValue.MarkerKey(rawValue: $0.name) != nil } ?? false
      if isWrapped { self.append("{\"$object\":") }
      self.write(fields: fields)
      if isWrapped { self.bytes.append(UInt8(ascii: "}")) }
    case .redacted: self.append("{\"$redacted\":true}")
    }
  }

  /// Appends a JSON object of `fields`, in order, without marker wrapping.
  mutating func write(fields: [TraceValue.Field]) {
    self.bytes.append(UInt8(ascii: "{"))
    for (position, field) in fields.enumerated() {
      if position > 0 { self.bytes.append(UInt8(ascii: ",")) }
      self.write(string: field.name)
      self.bytes.append(UInt8(ascii: ":"))
      self.write(field.value)
    }
    self.bytes.append(UInt8(ascii: "}"))
  }

  /// Appends `string` quoted and escaped per RFC 8259: `"`, `\` and control characters are
  /// escaped, everything else is copied as UTF-8.
  mutating func write(string: String) {
    var string = string
    self.bytes.append(UInt8(ascii: "\""))
    string.withUTF8 { utf8 in
      var utf8 = utf8
      let room = self.byteLimit - self.count
      if utf8.count > room {
        var end = max(0, room)
        // Cut on a scalar boundary so the preview never ends in a broken character.
        while end > 0, utf8[end] & 0xC0 == 0x80 { end -= 1 }
        utf8 = UnsafeBufferPointer(rebasing: utf8[..<end])
        self.isTruncated = true
      }
      var runStart = 0
      for position in utf8.indices {
        let byte = utf8[position]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
          continue
        }
        self.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<position]))
        self.writeEscape(for: byte)
        runStart = position + 1
      }
      self.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
    self.bytes.append(UInt8(ascii: "\""))
  }

  private mutating func writeEscape(for byte: UInt8) {
    self.bytes.append(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): self.bytes.append(byte)
    case 0x08: self.bytes.append(UInt8(ascii: "b"))
    case 0x0C: self.bytes.append(UInt8(ascii: "f"))
    case 0x0A: self.bytes.append(UInt8(ascii: "n"))
    case 0x0D: self.bytes.append(UInt8(ascii: "r"))
    case 0x09: self.bytes.append(UInt8(ascii: "t"))
    default:
      let hexDigits: StaticString = "0123456789abcdef"
      self.append("u00")
      hexDigits.withUTF8Buffer { hex in
        self.bytes.append(hex[Int(byte >> 4)])
        self.bytes.append(hex[Int(byte & 0x0F)])
      }
    }
  }

  /// Appends `int` in decimal.
  mutating func write(_ int: Int64) {
    int.withDecimalDigits { self.bytes.append(contentsOf: $0) }
  }

  private mutating func write(_ double: Double) {
    guard double.isFinite else {
      self.append("{\"$double\":\"")
      self.append(double.isNaN ? "nan" : double < 0 ? "-inf" : "inf")
      self.append("\"}")
      return
    }
    // NB: `description` is the shortest text that reads back as the same double, and always has a
    // fraction or an exponent (`1.0`, `1e-05`, `-0.0`), so it never reads back as an int.
    let text = double.description
    self.bytes.append(contentsOf: text.utf8)
    if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") }) {
      self.append(".0")
    }
  }

  /// Appends one byte of JSON syntax.
  mutating func append(byte: UInt8) {
    self.bytes.append(byte)
  }

  /// Appends `text` as it is: a number already spelled as JSON.
  mutating func append(text: String) {
    self.bytes.append(contentsOf: text.utf8)
  }

  /// Appends `text` as it is, for JSON syntax.
  mutating func append(_ text: StaticString) {
    text.withUTF8Buffer { self.bytes.append(contentsOf: $0) }
  }
}
