import Testing
import Trace

/// `appendOneLine(limit:to:)` and `appendJSON(to:)` add to a buffer exactly the bytes of
/// `oneLine(limit:)` and `jsonText`, whatever the buffer held before.
struct TraceValueAppendingTests {
  static let prefix: [UInt8] = Array("#12  name  ".utf8)

  static let values: [TraceValue] = [
    .null, .int(0), .int(-42), .int(.min), .int(.max), .double(-0.0), .double(.nan),
    .string(""), .string("a\"b\n"), .redacted,
    .string(String(repeating: "é", count: 79)), .string(String(repeating: "é", count: 81)),
    .string(String(repeating: "😀", count: 500)),
    .string("e\u{301}" + String(repeating: "x", count: 78)),
    .array((0..<100).map { .int(Int64($0)) }),
    .object([.init("$double", .string("nan")), .init("id", .int(3))]),
  ]

  @Test func appendsWhatOneLineReturns() {
    var generator = TraceValueGenerator(seed: 5)
    let values = Self.values + (0..<200).map { _ in generator.state() }
    for value in values {
      for limit in [1, 2, 5, 20, 80, 81] {
        var bytes = Self.prefix
        value.appendOneLine(limit: limit, to: &bytes)
        #expect(bytes == Self.prefix + Array(value.oneLine(limit: limit).utf8), "\(value)")
      }
    }
  }

  @Test func appendsWhatJSONTextIs() {
    var generator = TraceValueGenerator(seed: 6)
    let values = Self.values + (0..<200).map { _ in generator.state() }
    for value in values {
      var bytes = Self.prefix
      value.appendJSON(to: &bytes)
      #expect(bytes == Self.prefix + Array(value.jsonText.utf8), "\(value)")
    }
  }

  @Test func cutsLongValuesAsBefore() {
    var bytes: [UInt8] = []
    TraceValue.string(String(repeating: "😀", count: 500)).appendOneLine(limit: 80, to: &bytes)
    #expect(
      String(decoding: bytes, as: UTF8.self) == "\"" + String(repeating: "😀", count: 78) + "…")
  }
}
