/// Tells whether an element's ``TraceValue/renderedID`` is a given text without rendering it, to
/// find `[id: …]` elements in large arrays quickly.
///
/// ```swift
/// let matcher = RenderedIDMatcher("3")
/// let position = todos.firstIndex(where: matcher.matches)
/// ```
struct RenderedIDMatcher {
  let id: String
  /// The int whose digits are ``id``, if it is one.
  private let int: Int64?

  init(_ id: String) {
    self.id = id
    let int = Int64(id)
    self.int = int.map(String.init) == id ? int : nil
  }

  func matches(_ element: TraceValue) -> Bool {
    guard case let .object(fields) = element else { return false }
    for field in fields where field.name == "id" {
      switch field.value {
      case let .string(string): return string == self.id
      case let .int(int): return int == self.int
      default: return field.value.jsonText == self.id
      }
    }
    return false
  }
}
