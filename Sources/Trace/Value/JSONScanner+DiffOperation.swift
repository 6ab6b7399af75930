/// Reading the stored form of diffs, which ``DiffOperation/jsonText`` writes.
extension JSONScanner {
  /// Reads `[op, …]` filling the whole input.
  mutating func readOperationList() throws -> [DiffOperation] {
    try self.consume(UInt8(ascii: "["), expected: "'[' to start a list of diff operations")
    var operations: [DiffOperation] = []
    if !self.consumeIfPresent(UInt8(ascii: "]")) {
      repeat {
        operations.append(try self.readOperation())
      } while try self.consumeSeparator(orClosing: UInt8(ascii: "]"), in: "array")
    }
    self.skipWhitespace()
    guard self.isAtEnd else { throw self.failure(expected: "end of input") }
    return operations
  }

  /// Reads one `{"op": …}` object, whose keys may come in any order.
  mutating func readOperation() throws -> DiffOperation {
    try self.consume(UInt8(ascii: "{"), expected: "'{' to start a diff operation")
    var keyOffsets: [String: Int] = [:]
    var kind: OperationKind?
    var path: TracePath?
    var values: [String: TraceValue] = [:]
    if !self.consumeIfPresent(UInt8(ascii: "}")) {
      repeat {
        self.skipWhitespace()
        let keyOffset = self.offset
        let key = try self.readKey(expected: "a string key")
        guard keyOffsets.updateValue(keyOffset, forKey: key) == nil else {
          throw TraceValueDecodingError(
            expected: "a key not used before in this operation",
            found: "\"\(key)\" again",
            offset: keyOffset
          )
        }
        switch key {
        case "op": kind = try self.readOperationKind()
        case "path": path = try self.readPath()
        case "old", "new", "value": values[key] = try self.readValue(depth: 1)
        default:
          throw TraceValueDecodingError(
            expected: #"one of the keys "op", "path", "old", "new", "value""#,
            found: "\"\(key)\"",
            offset: keyOffset
          )
        }
      } while try self.consumeSeparator(orClosing: UInt8(ascii: "}"), in: "object")
    }

    let closingOffset = self.offset - 1
    let context = kind.map { " in \($0.phrase)" } ?? ""
    func missing(_ key: String) -> TraceValueDecodingError {
      let article = key == "op" || key == "old" ? "an" : "a"
      return TraceValueDecodingError(
        expected: "\(article) \"\(key)\" key\(context)",
        found: "'}'",
        offset: closingOffset
      )
    }
    guard let kind else { throw missing("op") }
    guard let path else { throw missing("path") }
    let extraKeys = values.keys.filter { !kind.valueKeys.contains($0) }
    if let extra = extraKeys.min(by: { keyOffsets[$0, default: 0] < keyOffsets[$1, default: 0] }) {
      throw TraceValueDecodingError(
        expected: "no \"\(extra)\" key\(context)",
        found: "\"\(extra)\"",
        offset: keyOffsets[extra, default: 0]
      )
    }
    if let absent = kind.valueKeys.first(where: { values[$0] == nil }) { throw missing(absent) }
    switch kind {
    case .replace: return .replace(path, old: values["old"]!, new: values["new"]!)
    case .insert: return .insert(path, values["value"]!)
    case .remove: return .remove(path, old: values["old"]!)
    }
  }

  /// The value of `"op"`.
  enum OperationKind: String {
    case replace, insert, remove

    /// The keys that hold this kind's values.
    var valueKeys: [String] {
      switch self {
      case .replace: ["old", "new"]
      case .insert: ["value"]
      case .remove: ["old"]
      }
    }

    /// `a replace operation`, for messages.
    var phrase: String { self == .insert ? "an insert operation" : "a \(self) operation" }
  }

  private mutating func readOperationKind() throws -> OperationKind {
    self.skipWhitespace()
    let start = self.offset
    let expected = #""replace", "insert" or "remove""#
    guard self.peek == UInt8(ascii: "\"") else { throw self.failure(expected: expected) }
    let name = try self.readString()
    guard let kind = OperationKind(rawValue: name) else {
      throw TraceValueDecodingError(expected: expected, found: "\"\(name)\"", offset: start)
    }
    return kind
  }

  private mutating func readPath() throws -> TracePath {
    self.skipWhitespace()
    let start = self.offset
    guard self.peek == UInt8(ascii: "\"") else { throw self.failure(expected: "a path string") }
    let text = try self.readString()
    do {
      return try TracePath(parsing: text)
    } catch let error as TracePathParsingError {
      throw TraceValueDecodingError(
        expected: "a path",
        found: "\(TracePath.quoted(text)) (at its byte \(error.offset): expected "
          + "\(error.expected), found \(error.found))",
        offset: start
      )
    }
  }
}
