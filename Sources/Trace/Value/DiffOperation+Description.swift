extension DiffOperation {
  /// One line for people: the operation, padded to line up, the path and the values as compact
  /// JSON, each cut to about 80 characters with `…`.
  ///
  /// ```swift
  /// let path = try TracePath(parsing: "todos[id: 3].isComplete")
  /// DiffOperation.replace(path, old: .bool(false), new: .bool(true)).description
  /// // replace todos[id: 3].isComplete false → true
  /// DiffOperation.remove(TracePath([.field("todos"), .id("1")]), old: .null).description
  /// // remove  todos[id: 1] null
  /// ```
  ///
  /// The root path, which has no text, shows as `(root)`.
  public var description: String {
    switch self {
    case let .replace(path, old, new):
      "replace \(Self.describe(path)) \(Self.preview(old)) → \(Self.preview(new))"
    case let .insert(path, value):
      "insert  \(Self.describe(path)) \(Self.preview(value))"
    case let .remove(path, old):
      "remove  \(Self.describe(path)) \(Self.preview(old))"
    }
  }

  /// The most characters a value shows in ``description``, `…` included.
  static let previewLength = 80

  private static func describe(_ path: TracePath) -> String {
    path.components.isEmpty ? "(root)" : path.description
  }

  /// `value` as compact JSON, cut to ``previewLength`` characters. Large values are only written
  /// as far as the preview needs.
  static func preview(_ value: TraceValue) -> String {
    // NB: Four bytes per character is enough for all but long grapheme clusters, which a cut in
    // the wrong place only shortens.
    var writer = JSONWriter(byteLimit: 4 * Self.previewLength)
    writer.write(value)
    let text = writer.text
    if !writer.isTruncated, text.count <= Self.previewLength { return text }
    return text.prefix(Self.previewLength - 1) + "…"
  }
}
