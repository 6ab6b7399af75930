import Testing
import Trace

struct TraceValueJSONTests {
  @Test func writesCompactJSONInFieldOrder() {
    let value = TraceValue.object([
      .init("title", .string("Milk")),
      .init("id", .int(3)),
      .init("isComplete", .bool(false)),
      .init("tags", .array([])),
      .init("meta", .object([])),
      .init("note", .null),
      .init("ratio", .double(0.5)),
      .init("items", .array([.int(1), .int(-2)])),
    ])
    #expect(
      value.jsonText
        == #"{"title":"Milk","id":3,"isComplete":false,"tags":[],"meta":{},"note":null,"#
        + #""ratio":0.5,"items":[1,-2]}"#
    )
  }

  @Test(arguments: [
    (1.0, "1.0"), (-0.0, "-0.0"), (0.0, "0.0"), (0.1, "0.1"), (100.0, "100.0"),
    (1e-5, "1e-05"), (1e100, "1e+100"), (Double.leastNonzeroMagnitude, "5e-324"),
    (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"),
    (Double.nan, #"{"$double":"nan"}"#), (Double.infinity, #"{"$double":"inf"}"#),
    (-Double.infinity, #"{"$double":"-inf"}"#),
  ])
  func writesDoublesSoTheyReadBackAsDoubles(double: Double, json: String) throws {
    #expect(TraceValue.double(double).jsonText == json)
    let decoded = try TraceValue(jsonText: json)
    #expect(decoded.isIdentical(to: .double(double)))
  }

  @Test func writesIntsExactly() throws {
    #expect(TraceValue.int(.min).jsonText == "-9223372036854775808")
    #expect(TraceValue.int(.max).jsonText == "9223372036854775807")
    #expect(try TraceValue(jsonText: "-9223372036854775808") == .int(.min))
    #expect(try TraceValue(jsonText: "9223372036854775807") == .int(.max))
    #expect(try TraceValue(jsonText: "-0") == .int(0))
    #expect(try TraceValue(jsonText: "1e2") == .double(100))
    #expect(try TraceValue(jsonText: "1E+2") == .double(100))
    #expect(try TraceValue(jsonText: "2.50") == .double(2.5))
  }

  @Test func escapesStringsPerRFC8259() throws {
    let string = "a\"b\\c/\n\t\r\u{8}\u{C}\u{0}\u{1}\u{1F}\u{7F}é😀\u{2028}"
    let json = #""a\"b\\c/\n\t\r\b\f\u0000\u0001\u001f"# + "\u{7F}é😀\u{2028}\""
    #expect(TraceValue.string(string).jsonText == json)
    #expect(try TraceValue(jsonText: json) == .string(string))
  }

  @Test func readsEveryEscape() throws {
    let json = #""\"\\\/\b\f\n\r\t\u00e9\u00E9\ud83d\ude00\u0000x""#
    #expect(try TraceValue(jsonText: json) == .string("\"\\/\u{8}\u{C}\n\r\téé😀\u{0}x"))
  }

  @Test func writesRedactedAndWrapsObjectsThatLookLikeMarkers() throws {
    let cases: [(TraceValue, String)] = [
      (.redacted, #"{"$redacted":true}"#),
      (
        .object([.init("$redacted", .bool(true))]),
        #"{"$object":{"$redacted":true}}"#
      ),
      (
        .object([.init("$double", .string("nan")), .init("x", .int(1))]),
        #"{"$object":{"$double":"nan","x":1}}"#
      ),
      (
        .object([.init("$object", .object([]))]),
        #"{"$object":{"$object":{}}}"#
      ),
      (
        .object([.init("a", .int(1)), .init("$redacted", .bool(true))]),
        #"{"a":1,"$redacted":true}"#
      ),
      (.object([.init("$value", .int(1))]), #"{"$value":1}"#),
    ]
    for (value, json) in cases {
      #expect(value.jsonText == json)
      #expect(try TraceValue(jsonText: json) == value)
    }
  }

  @Test func keepsMarkerLookalikesFromOtherWritersAsObjects() throws {
    #expect(
      try TraceValue(jsonText: #"{"$redacted":false}"#)
        == .object([.init("$redacted", .bool(false))])
    )
    #expect(
      try TraceValue(jsonText: #"{"$double":"zero"}"#)
        == .object([.init("$double", .string("zero"))])
    )
  }

  @Test func roundTripsAwkwardValues() throws {
    let values: [TraceValue] = [
      .null, .bool(true), .bool(false), .int(0), .int(.min), .int(.max), .double(-0.0),
      .double(.leastNonzeroMagnitude), .double(.nan), .double(-.infinity), .string(""),
      .string("\u{0}"), .string("e\u{301}"), .string("👨‍👩‍👧"), .string("日本語\n"), .redacted,
      .array([]), .object([]), .array([.array([.array([])])]),
      .object([.init("", .null), .init("名前", .object([.init("$redacted", .redacted)]))]),
      .object([.init("a\"b", .array([.redacted, .double(.infinity), .object([])]))]),
    ]
    for value in values {
      let decoded = try TraceValue(jsonText: value.jsonText)
      #expect(decoded.isIdentical(to: value), "\(value.jsonText)")
      #expect(try TraceValue(jsonData: value.jsonData).isIdentical(to: value))
    }
  }

  @Test func readsWhitespaceBetweenTokens() throws {
    let json = " \n{ \"a\" :\t[ 1 , 2.5 , \"x\" ] ,\r\n\"b\" : { } , \"c\" : [ ] }\n "
    #expect(
      try TraceValue(jsonText: json)
        == .object([
          .init("a", .array([.int(1), .double(2.5), .string("x")])),
          .init("b", .object([])),
          .init("c", .array([])),
        ])
    )
  }

  @Test func readsBytesThatAreNotContiguous() throws {
    let bytes = "[1,{\"a\":true}]".utf8.lazy.map { $0 }
    #expect(
      try TraceValue(jsonData: bytes)
        == .array([.int(1), .object([.init("a", .bool(true))])])
    )
  }

  @Test func roundTripsRandomTrees() throws {
    var generator = TraceValueGenerator(seed: 7)
    for round in 0..<500 {
      let value = generator.state(depth: 5)
      let decoded = try TraceValue(jsonText: value.jsonText)
      guard decoded.isIdentical(to: value) else {
        Issue.record("round \(round): \(value.jsonText) read back as \(decoded.jsonText)")
        return
      }
    }
  }
}
