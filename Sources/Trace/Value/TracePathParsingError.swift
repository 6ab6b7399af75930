/// Why text could not be read as a ``TracePath``: what was expected, what was found and where.
///
/// ```swift
/// do {
///   _ = try TracePath(parsing: "todos[id: 3")
/// } catch {
///   print(error)  // cannot parse path "todos[id: 3": expected ']', found end of input at byte 11
/// }
/// ```
public struct TracePathParsingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text that failed to parse.
  public var text: String
  /// What would have been valid at ``offset``: `"']'"`, `"a field name after '.'"`.
  public var expected: String
  /// What is there instead: `"end of input"`, `"'x'"`.
  public var found: String
  /// Where, in bytes of UTF-8 from the start of ``text``.
  public var offset: Int

  /// An error at `offset` in `text` where `expected` was wanted and `found` was there.
  public init(text: String, expected: String, found: String, offset: Int) {
    self.text = text
    self.expected = expected
    self.found = found
    self.offset = offset
  }

  /// One line: `cannot parse path "a..b": expected a field name after '.', found '.' at byte 2`.
  public var description: String {
    "cannot parse path \(TracePath.quoted(self.text)): expected \(self.expected), "
      + "found \(self.found) at byte \(self.offset)"
  }
}
