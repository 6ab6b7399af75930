extension TraceValue {
  /// The value at `path` inside this one, or `nil` when the path leads nowhere (a missing field,
  /// an index out of range, no element with that id, or a step into a value of another kind).
  ///
  /// ```swift
  /// let state = try TraceValue(jsonText: #"{"todos":[{"id":3,"done":false}]}"#)
  /// state.value(at: try TracePath(parsing: "todos[id: 3].done"))  // .bool(false)
  /// ```
  public func value(at path: TracePath) -> TraceValue? {
    var current = self
    for component in path.components {
      switch (component, current) {
      case let (.field(name), .object(fields)):
        guard let field = fields.first(where: { $0.name == name }) else { return nil }
        current = field.value
      case let (.index(index), .array(elements)):
        guard elements.indices.contains(index) else { return nil }
        current = elements[index]
      case let (.id(id), .array(elements)):
        guard let element = elements.first(where: RenderedIDMatcher(id).matches) else {
          return nil
        }
        current = element
      default:
        return nil
      }
    }
    return current
  }
}
