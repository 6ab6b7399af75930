extension TraceValue {
  /// The value as an indented tree for people, in the shape of custom-dump's output: fields as
  /// `name: value`, elements as `[i]: value`, nested values indented by two spaces.
  ///
  /// ```swift
  /// let todo = try TraceValue(jsonText: #"{"id":3,"title":"Milk","tags":[]}"#)
  /// print(todo.dump())
  /// // (
  /// //   id: 3,
  /// //   title: "Milk",
  /// //   tags: []
  /// // )
  /// ```
  ///
  /// Strings are quoted with Swift's escapes, `nil` stands for null and a redacted value shows as
  /// `<redacted>`.
  public func dump(indent: Int = 0) -> String {
    var lines: [String] = []
    self.dump(into: &lines, prefix: "", indent: indent, suffix: "")
    return lines.joined(separator: "\n")
  }

  /// The lines of ``dump(indent:)``, for a view that shows a window of them.
  public func dumpLines() -> [String] {
    var lines: [String] = []
    self.dump(into: &lines, prefix: "", indent: 0, suffix: "")
    return lines
  }

  private func dump(into lines: inout [String], prefix: String, indent: Int, suffix: String) {
    let padding = String(repeating: " ", count: indent)
    switch self {
    case let .object(fields) where !fields.isEmpty:
      lines.append(padding + prefix + "(")
      for (position, field) in fields.enumerated() {
        field.value.dump(
          into: &lines, prefix: TracePath.fieldLabel(field.name) + ": ", indent: indent + 2,
          suffix: position == fields.count - 1 ? "" : ",")
      }
      lines.append(padding + ")" + suffix)
    case let .array(elements) where !elements.isEmpty:
      lines.append(padding + prefix + "[")
      for (position, element) in elements.enumerated() {
        element.dump(
          into: &lines, prefix: "[\(position)]: ", indent: indent + 2,
          suffix: position == elements.count - 1 ? "" : ",")
      }
      lines.append(padding + "]" + suffix)
    default:
      lines.append(padding + prefix + self.scalarText + suffix)
    }
  }

  /// A scalar, or an empty object or array, as ``dump(indent:)`` writes it.
  public var scalarText: String {
    switch self {
    case .null: "nil"
    case let .bool(bool): String(bool)
    case let .int(int): String(int)
    case let .double(double): String(double)
    case let .string(string): string.debugDescription
    case .redacted: "<redacted>"
    case let .array(elements): elements.isEmpty ? "[]" : "[…]"
    case let .object(fields): fields.isEmpty ? "()" : "(…)"
    }
  }

  /// The value as compact JSON on one line, cut to `limit` characters with `…`, reading only as
  /// much of a large value as the cut needs.
  ///
  /// ```swift
  /// TraceValue.string("5 is an odd number.").oneLine()  // "5 is an odd number."
  /// ```
  public func oneLine(limit: Int = 80) -> String {
    var bytes: [UInt8] = []
    self.appendOneLine(limit: limit, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends ``oneLine(limit:)`` to `output` as UTF-8, without making a `String` of it when it
  /// needs no cut: for listings that print a value on each of many lines.
  ///
  /// ```swift
  /// var line: [UInt8] = Array("count: ".utf8)
  /// TraceValue.int(3).appendOneLine(to: &line)  // count: 3
  /// ```
  public func appendOneLine(limit: Int = 80, to output: inout [UInt8]) {
    let start = output.count
    let isTruncated = JSONWriter.appending(to: &output, byteLimit: 4 * limit) { writer in
      writer.write(self)
    }
    // NB: No more bytes than `limit` means no more characters either.
    if !isTruncated, output.count - start <= limit { return }
    let text = String(decoding: output[start...], as: UTF8.self)
    if !isTruncated, text.count <= limit { return }
    output.removeSubrange(start...)
    output += (text.prefix(limit - 1) + "…").utf8
  }
}

extension TracePath {
  /// A field name as a path writes it after a dot: bare when it is an identifier, quoted when not.
  static func fieldLabel(_ name: String) -> String {
    isBareFieldName(name) ? name : quoted(name)
  }
}
