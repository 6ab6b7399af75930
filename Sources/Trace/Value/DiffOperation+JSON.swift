extension DiffOperation {
  /// The operation as one compact JSON object, with the path as its text (see
  /// ``TracePath/description``) and values as ``TraceValue/jsonText`` writes them:
  ///
  /// ```json
  /// {"op":"replace","path":"todos[id: 3].isComplete","old":false,"new":true}
  /// {"op":"insert","path":"todos[id: 4]","value":{"id":4,"title":"Milk"}}
  /// {"op":"remove","path":"todos[id: 1]","old":{"id":1,"title":"Eggs"}}
  /// ```
  public var jsonText: String {
    var writer = JSONWriter()
    writer.write(self)
    return writer.text
  }

  /// Reads one operation in the form ``jsonText`` writes; keys may come in any order.
  ///
  /// ```swift
  /// let operation = try DiffOperation(jsonText: #"{"op":"insert","path":"items[2]","value":7}"#)
  /// ```
  ///
  /// - Throws: ``TraceValueDecodingError``, also for a missing, unknown or repeated key and for a
  ///   path that does not parse.
  public init(jsonText: String) throws {
    self = try JSONScanner.withScanner(over: jsonText) { scanner in
      let operation = try scanner.readOperation()
      scanner.skipWhitespace()
      guard scanner.isAtEnd else { throw scanner.failure(expected: "end of input") }
      return operation
    }
  }

  /// A list of operations as a JSON array of ``jsonText`` objects: the stored form of a diff.
  ///
  /// ```swift
  /// let json = DiffOperation.jsonText(of: old.diff(to: new))
  /// let operations = try DiffOperation.operations(jsonText: json)
  /// ```
  public static func jsonText(of operations: [DiffOperation]) -> String {
    String(decoding: Self.jsonData(of: operations), as: UTF8.self)
  }

  /// A list of operations as JSON in UTF-8 bytes, for a database blob; see ``jsonText(of:)``.
  public static func jsonData(of operations: [DiffOperation]) -> [UInt8] {
    var writer = JSONWriter(reservingCapacity: 64 * operations.count + 2)
    writer.write(operations)
    return writer.bytes
  }

  /// Reads a list of operations that ``jsonText(of:)`` wrote.
  ///
  /// - Throws: ``TraceValueDecodingError`` naming what was expected, what was found and where.
  public static func operations(jsonText: String) throws -> [DiffOperation] {
    try JSONScanner.withScanner(over: jsonText) { try $0.readOperationList() }
  }

  /// Reads a list of operations from UTF-8 bytes that ``jsonData(of:)`` wrote.
  ///
  /// - Throws: ``TraceValueDecodingError`` naming what was expected, what was found and where.
  public static func operations(jsonData: some Collection<UInt8>) throws -> [DiffOperation] {
    try JSONScanner.withScanner(over: jsonData) { try $0.readOperationList() }
  }
}

extension JSONWriter {
  fileprivate mutating func write(_ operations: [DiffOperation]) {
    self.append("[")
    for (position, operation) in operations.enumerated() {
      if position > 0 { self.append(",") }
      self.write(operation)
    }
    self.append("]")
  }

  fileprivate mutating func write(_ operation: DiffOperation) {
    switch operation {
    case let .replace(path, old, new):
      self.writeHeader("replace", path)
      self.append(",\"old\":")
      self.write(old)
      self.append(",\"new\":")
      self.write(new)
    case let .insert(path, value):
      self.writeHeader("insert", path)
      self.append(",\"value\":")
      self.write(value)
    case let .remove(path, old):
      self.writeHeader("remove", path)
      self.append(",\"old\":")
      self.write(old)
    }
    self.append("}")
  }

  private mutating func writeHeader(_ name: StaticString, _ path: TracePath) {
    self.append("{\"op\":\"")
    self.append(name)
    self.append("\",\"path\":")
    self.write(string: path.description)
  }
}
