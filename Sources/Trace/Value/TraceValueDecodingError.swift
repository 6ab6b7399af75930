/// Why JSON text could not be read as a ``TraceValue`` (or a ``DiffOperation``): what the reader
/// expected, what it found instead, and where.
///
/// ```swift
/// do {
///   _ = try TraceValue(jsonText: #"{"count": 1"#)
/// } catch {
///   print(error)  // expected ',' or '}' in object, found end of input at byte 11
/// }
/// ```
public struct TraceValueDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What would have been valid at ``offset``: `"a value"`, `"',' or ']' in array"`.
  public var expected: String
  /// What is there instead: `"end of input"`, `"'x'"`, `"'nul'"`, `"byte 0xFF"`.
  public var found: String
  /// Where, in bytes of UTF-8 from the start of the input.
  public var offset: Int

  /// An error at `offset` where `expected` was wanted and `found` was there.
  public init(expected: String, found: String, offset: Int) {
    self.expected = expected
    self.found = found
    self.offset = offset
  }

  /// One line: `expected a value, found 'nul' at byte 0`.
  public var description: String {
    "expected \(self.expected), found \(self.found) at byte \(self.offset)"
  }
}
