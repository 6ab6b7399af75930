/// Why text could not be read as a ``StatePredicate``: what was expected, what was found and
/// where.
///
/// ```swift
/// do {
///   _ = try StatePredicate(parsing: "counter.count >")
/// } catch {
///   print(error)
///   // cannot parse predicate "counter.count >": expected a value (a JSON literal) or a state
///   // path, found end of input at byte 15
/// }
/// ```
public struct PredicateParsingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text that failed to parse.
  public var text: String
  /// What would have been valid at ``offset``.
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

  /// One line: `cannot parse predicate "a >": expected a value …, found end of input at byte 3`.
  public var description: String {
    "cannot parse predicate \(TracePath.quoted(self.text)): expected \(self.expected), "
      + "found \(self.found) at byte \(self.offset)"
  }
}
