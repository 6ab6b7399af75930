import Testing
import Trace

struct TraceValueDecodingErrorTests {
  @Test(arguments: [
    // Truncated.
    ("", "expected a value, found end of input at byte 0"),
    (#"{"a":1"#, "expected ',' or '}' in object, found end of input at byte 6"),
    ("[1,2", "expected ',' or ']' in array, found end of input at byte 4"),
    (#""abc"#, #"expected '"' to end the string, found end of input at byte 4"#),
    (#"{"a""#, "expected ':' after an object key, found end of input at byte 4"),
    ("1.", "expected a digit after '.', found end of input at byte 2"),
    ("-", "expected a digit, found end of input at byte 1"),
    ("1e", "expected a digit in the exponent, found end of input at byte 2"),
    // Trailing garbage.
    ("[1] x", "expected end of input, found 'x' at byte 4"),
    (#"{"a":1}}"#, "expected end of input, found '}' at byte 7"),
    ("01", "expected end of input, found '1' at byte 1"),
    ("1 2", "expected end of input, found '2' at byte 2"),
    // Bad escapes.
    (
      #""\q""#,
      #"expected an escape (\" \\ \/ \b \f \n \r \t or \u and four hex digits), "#
        + #"found '\q' at byte 1"#
    ),
    (
      #""ab\u12G4""#,
      #"expected an escape (\" \\ \/ \b \f \n \r \t or \u and four hex digits), "#
        + #"found '\u12G4' at byte 3"#
    ),
    (
      #""\ud800x""#,
      #"expected a \uDC00-\uDFFF low surrogate after a high surrogate, found '\ud800' at byte 1"#
    ),
    (
      #""\udc00""#,
      #"expected a \uD800-\uDBFF high surrogate before a low surrogate, found '\udc00' at byte 1"#
    ),
    // Unknown literals.
    ("nul", "expected a value, found 'nul' at byte 0"),
    ("[truex]", "expected a value, found 'truex' at byte 1"),
    ("undefined", "expected a value, found 'undefined' at byte 0"),
    ("NaN", "expected a value, found 'NaN' at byte 0"),
    ("'a'", "expected a value, found ''' at byte 0"),
    ("é", "expected a value, found 'é' at byte 0"),
    // Structure.
    ("[1,]", "expected a value, found ']' at byte 3"),
    ("{a:1}", "expected a string key or '}', found 'a' at byte 1"),
    (#"{"a" 1}"#, "expected ':' after an object key, found '1' at byte 5"),
    (#"{"a":1,}"#, "expected a string key, found '}' at byte 7"),
    (
      #"{"a":1,"a":2}"#,
      #"expected a key not used before in this object, found "a" again at byte 7"#
    ),
    (#"{"$object":1}"#, #"expected the wrapped object of "$object", found '1' at byte 11"#),
    (
      #"{"$object":{},"x":1}"#,
      #"expected '}' after the object wrapped by "$object", found ',' at byte 13"#
    ),
    // Strings and numbers.
    (
      "\"a\nb\"",
      "expected '\"' or a character allowed unescaped in a string, found byte 0x0A at byte 2"
    ),
    (
      "9223372036854775808",
      "expected an integer from -9223372036854775808 to 9223372036854775807, "
        + "found '9223372036854775808' at byte 0"
    ),
  ])
  func namesWhatWasExpectedAndFound(json: String, message: String) {
    #expect {
      try TraceValue(jsonText: json)
    } throws: { error in
      "\(error)" == message
    }
  }

  @Test func rejectsInvalidUTF8InStrings() {
    let bytes: [UInt8] = [0x5B, 0x22, 0x61, 0xC3, 0xA9, 0xFF, 0x22, 0x5D]
    #expect {
      try TraceValue(jsonData: bytes)
    } throws: { error in
      "\(error)" == "expected valid UTF-8 in a string, found byte 0xFF at byte 5"
    }
    let surrogate: [UInt8] = [0x22, 0xED, 0xA0, 0x80, 0x22]
    #expect {
      try TraceValue(jsonData: surrogate)
    } throws: { error in
      "\(error)" == "expected valid UTF-8 in a string, found byte 0xED at byte 1"
    }
  }

  @Test func limitsNesting() throws {
    let nested = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(try TraceValue(jsonText: nested).jsonText == nested)
    #expect {
      try TraceValue(jsonText: "[" + nested + "]")
    } throws: { error in
      "\(error)" == "expected at most 512 levels of nesting, found '[' at byte 512"
    }
  }

  @Test func carriesItsParts() throws {
    do {
      _ = try TraceValue(jsonText: "[1,")
      Issue.record("expected an error")
    } catch let error as TraceValueDecodingError {
      #expect(
        error == TraceValueDecodingError(expected: "a value", found: "end of input", offset: 3))
    }
  }
}
