/// Reading the stored form of diffs, which ``DiffOperation/jsonText`` writes.
extension JSONScanner {
  /// Reads `[op, …]` filling the whole input.
  mutating func readOperationList() throws -> [DiffOperation] {
    var operations: [DiffOperation] = []
    try self.forEachOperation { operations.append(try $0.readOperation()) }
    return operations
  }

  /// Reads `[op, …]` filling the whole input, calling `readElement` to read each operation.
  mutating func forEachOperation(_ readElement: (inout JSONScanner) throws -> Void) throws {
    try self.consume(UInt8(ascii: "["), expected: "'[' to start a list of diff operations")
    if !self.consumeIfPresent(UInt8(ascii: "]")) {
      repeat {
        try readElement(&self)
      } while try self.consumeSeparator(orClosing: UInt8(ascii: "]"), in: "array")
    }
    self.skipWhitespace()
    guard self.isAtEnd else { throw self.failure(expected: "end of input") }
  }

  /// Reads one `{"op": …}` object, whose keys may come in any order.
  mutating func readOperation() throws -> DiffOperation {
    var old: TraceValue?
    var new: TraceValue?
    var inserted: TraceValue?
    let (kind, path) = try self.readOperation(path: { try $0.readPath() }) { scanner, key in
      let value = try scanner.readValue(depth: 1)
      switch key {
      case .old: old = value
      case .new: new = value
      default: inserted = value
      }
    }
    switch kind {
    case .replace: return .replace(path, old: old!, new: new!)
    case .insert: return .insert(path, inserted!)
    case .remove: return .remove(path, old: old!)
    }
  }

  /// Reads one `{"op": …}` object, whose keys may come in any order, and checks that it has the
  /// keys its kind needs and no others: `readPath` reads the value of `"path"`, and `readValue`
  /// reads or skips the value of `"old"`, `"new"` or `"value"`.
  ///
  /// NB: The keys are held in fixed slots rather than dictionaries or arrays: this runs once per
  /// stored operation when a command follows a path through a million diffs.
  mutating func readOperation<Path>(
    path readPath: (inout JSONScanner) throws -> Path,
    value readValue: (inout JSONScanner, OperationKey) throws -> Void
  ) throws -> (kind: OperationKind, path: Path) {
    try self.consume(UInt8(ascii: "{"), expected: "'{' to start a diff operation")
    var keyOffsets = OperationKeyOffsets()
    var kind: OperationKind?
    var path: Path?
    if !self.consumeIfPresent(UInt8(ascii: "}")) {
      repeat {
        self.skipWhitespace()
        let keyOffset = self.offset
        let key = try self.readOperationKey()
        guard keyOffsets[key] == nil else {
          throw TraceValueDecodingError(
            expected: "a key not used before in this operation",
            found: "\"\(key.rawValue)\" again",
            offset: keyOffset
          )
        }
        keyOffsets[key] = keyOffset
        switch key {
        case .op: kind = try self.readOperationKind()
        case .path: path = try readPath(&self)
        case .old, .new, .value: try readValue(&self, key)
        }
      } while try self.consumeSeparator(orClosing: UInt8(ascii: "}"), in: "object")
    }

    let closingOffset = self.offset - 1
    func context() -> String { kind.map { " in \($0.phrase)" } ?? "" }
    func missing(_ key: OperationKey) -> TraceValueDecodingError {
      let article = key == .op || key == .old ? "an" : "a"
      return TraceValueDecodingError(
        expected: "\(article) \"\(key.rawValue)\" key\(context())",
        found: "'}'",
        offset: closingOffset
      )
    }
    guard let kind else { throw missing(.op) }
    guard let path else { throw missing(.path) }
    var extra: (key: OperationKey, offset: Int)?
    for key in OperationKey.valueKeys where !kind.hasValue(key) {
      if let offset = keyOffsets[key], offset < extra?.offset ?? .max { extra = (key, offset) }
    }
    if let extra {
      throw TraceValueDecodingError(
        expected: "no \"\(extra.key.rawValue)\" key\(context())",
        found: "\"\(extra.key.rawValue)\"",
        offset: extra.offset
      )
    }
    for key in OperationKey.valueKeys where kind.hasValue(key) {
      if keyOffsets[key] == nil { throw missing(key) }
    }
    return (kind, path)
  }

  /// Reads `"key":` after optional whitespace, for one of the keys of an operation.
  private mutating func readOperationKey() throws -> OperationKey {
    let keyOffset = self.offset
    // NB: A key without escapes is matched on its bytes, so no string is made for it.
    if let text = self.readPlainString(), self.consumeIfPresent(UInt8(ascii: ":")),
      let key = OperationKey(spelledBy: text)
    {
      return key
    }
    self.offset = keyOffset
    let key = try self.readKey(expected: "a string key")
    guard let slot = OperationKey(rawValue: key) else {
      throw TraceValueDecodingError(
        expected: #"one of the keys "op", "path", "old", "new", "value""#,
        found: "\"\(key)\"",
        offset: keyOffset
      )
    }
    return slot
  }

  /// The value of `"op"`.
  private mutating func readOperationKind() throws -> OperationKind {
    self.skipWhitespace()
    let start = self.offset
    if let text = self.readPlainString() {
      if let kind = OperationKind(spelledBy: text) { return kind }
      self.offset = start
    }
    let expected = #""replace", "insert" or "remove""#
    guard self.peek == UInt8(ascii: "\"") else { throw self.failure(expected: expected) }
    let name = try self.readString()
    guard let kind = OperationKind(rawValue: name) else {
      throw TraceValueDecodingError(expected: expected, found: "\"\(name)\"", offset: start)
    }
    return kind
  }

  /// Reads the value of `"path"`: a string that parses as a ``TracePath``.
  mutating func readPath() throws -> TracePath {
    let (text, start) = try self.readPathText()
    return try Self.path(parsing: text, at: start)
  }

  /// Reads the value of `"path"` as it is stored, with the offset where it starts.
  mutating func readPathText() throws -> (text: String, offset: Int) {
    self.skipWhitespace()
    let start = self.offset
    guard self.peek == UInt8(ascii: "\"") else { throw self.failure(expected: "a path string") }
    return (try self.readString(), start)
  }

  /// Parses `text`, the value of a `"path"` key read at `offset`.
  static func path(parsing text: String, at offset: Int) throws -> TracePath {
    do {
      return try TracePath(parsing: text)
    } catch let error as TracePathParsingError {
      throw TraceValueDecodingError(
        expected: "a path",
        found: "\(TracePath.quoted(text)) (at its byte \(error.offset): expected "
          + "\(error.expected), found \(error.found))",
        offset: offset
      )
    }
  }
}
