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
  ///
  /// NB: The keys are held in fixed slots rather than dictionaries: this runs once per stored
  /// operation when a command follows a path through a million diffs.
  mutating func readOperation() throws -> DiffOperation {
    try self.consume(UInt8(ascii: "{"), expected: "'{' to start a diff operation")
    var keyOffsets: [Int?] = [nil, nil, nil, nil, nil]
    var kind: OperationKind?
    var path: TracePath?
    var values: [TraceValue?] = [nil, nil, nil]
    if !self.consumeIfPresent(UInt8(ascii: "}")) {
      repeat {
        self.skipWhitespace()
        let keyOffset = self.offset
        let key = try self.readKey(expected: "a string key")
        guard let slot = OperationKey(rawValue: key) else {
          throw TraceValueDecodingError(
            expected: #"one of the keys "op", "path", "old", "new", "value""#,
            found: "\"\(key)\"",
            offset: keyOffset
          )
        }
        guard keyOffsets[slot.index] == nil else {
          throw TraceValueDecodingError(
            expected: "a key not used before in this operation",
            found: "\"\(key)\" again",
            offset: keyOffset
          )
        }
        keyOffsets[slot.index] = keyOffset
        switch slot {
        case .op: kind = try self.readOperationKind()
        case .path: path = try self.readPath()
        case .old, .new, .value: values[slot.index - 2] = try self.readValue(depth: 1)
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
    let extra = OperationKey.valueKeys
      .filter { values[$0.index - 2] != nil && !kind.valueKeys.contains($0) }
      .min { keyOffsets[$0.index]! < keyOffsets[$1.index]! }
    if let extra {
      throw TraceValueDecodingError(
        expected: "no \"\(extra.rawValue)\" key\(context())",
        found: "\"\(extra.rawValue)\"",
        offset: keyOffsets[extra.index]!
      )
    }
    if let absent = kind.valueKeys.first(where: { values[$0.index - 2] == nil }) {
      throw missing(absent)
    }
    switch kind {
    case .replace: return .replace(path, old: values[0]!, new: values[1]!)
    case .insert: return .insert(path, values[2]!)
    case .remove: return .remove(path, old: values[0]!)
    }
  }

  /// The keys of a stored operation, in the order of their slots.
  enum OperationKey: String, CaseIterable {
    case op, path, old, new, value

    var index: Int {
      switch self {
      case .op: 0
      case .path: 1
      case .old: 2
      case .new: 3
      case .value: 4
      }
    }

    static let valueKeys: [OperationKey] = [.old, .new, .value]
  }

  enum OperationKind: String {
    case replace, insert, remove

    /// The keys that hold this kind's values.
    var valueKeys: [OperationKey] {
      switch self {
      case .replace: [.old, .new]
      case .insert: [.value]
      case .remove: [.old]
      }
    }

    /// `a replace operation`, for messages.
    var phrase: String { self == .insert ? "an insert operation" : "a \(self) operation" }
  }

  /// The value of `"op"`.
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
