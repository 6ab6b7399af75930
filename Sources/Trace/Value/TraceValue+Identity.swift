extension TraceValue {
  /// For an object with an `id` field, that id as the text a ``TracePath/Component/id(_:)``
  /// component holds: a string as its text, an int as its digits, any other value as its
  /// ``jsonText``. `nil` for anything else.
  ///
  /// An array whose elements all have distinct rendered ids is an *identified collection*:
  /// ``diff(to:at:)`` matches its elements by id rather than by position.
  ///
  /// ```swift
  /// TraceValue.object([.init("id", .int(3)), .init("title", .string("Milk"))]).renderedID
  /// // "3"
  /// ```
  public var renderedID: String? {
    guard let id = self[field: "id"] else { return nil }
    switch id {
    case let .string(string): return string
    case let .int(int): return String(int)
    default: return id.jsonText
    }
  }
}
