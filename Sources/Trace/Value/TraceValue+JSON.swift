extension TraceValue {
  /// The value as compact JSON that ``init(jsonText:)`` reads back exactly.
  ///
  /// Objects keep their field order and ints stay ints. Three kinds of value have no JSON of
  /// their own and are written as marker objects:
  ///
  /// - A double is written in its shortest form that reads back as the same double, always with a
  ///   fraction or an exponent (`1.0`, `-0.0`, `1e-05`); a non-finite one as
  ///   `{"$double":"nan"}`, `{"$double":"inf"}` or `{"$double":"-inf"}`.
  /// - ``redacted`` is `{"$redacted":true}`.
  /// - An object whose first key is `$redacted`, `$double` or `$object` is wrapped as
  ///   `{"$object":{…}}`, so it never reads back as a marker.
  ///
  /// Strings are escaped per RFC 8259 (`"`, `\` and control characters); everything else is
  /// written as UTF-8.
  ///
  /// ```swift
  /// let todo = TraceValue.object([.init("id", .int(3)), .init("title", .string("Milk"))])
  /// todo.jsonText  // {"id":3,"title":"Milk"}
  /// ```
  public var jsonText: String {
    var writer = JSONWriter(reservingCapacity: 256)
    writer.write(self)
    return writer.text
  }

  /// The value as compact JSON in UTF-8 bytes, for a database blob or `Data`; see ``jsonText``.
  public var jsonData: [UInt8] {
    var writer = JSONWriter(reservingCapacity: 256)
    writer.write(self)
    return writer.bytes
  }

  /// Appends ``jsonText`` to `output` as UTF-8, for output made of many values.
  ///
  /// ```swift
  /// var line: [UInt8] = Array("new: ".utf8)
  /// TraceValue.string("Milk").appendJSON(to: &line)  // new: "Milk"
  /// ```
  public func appendJSON(to output: inout [UInt8]) {
    _ = JSONWriter.appending(to: &output) { writer in writer.write(self) }
  }

  /// Reads a value from JSON text in the form ``jsonText`` writes.
  ///
  /// Any JSON is accepted (with whitespace between tokens); numbers without a fraction or
  /// exponent are ints and must fit in `Int64`, keys must not repeat within an object, and
  /// nesting is limited to 512 levels.
  ///
  /// ```swift
  /// let value = try TraceValue(jsonText: #"{"count":1,"ratio":0.5}"#)
  /// value[field: "count"]  // .int(1)
  /// ```
  ///
  /// - Throws: ``TraceValueDecodingError`` naming what was expected, what was found and where.
  public init(jsonText: String) throws {
    self = try JSONScanner.withScanner(over: jsonText) { try $0.readDocument() }
  }

  /// Reads a value from JSON in UTF-8 bytes, such as a database blob or `Data`; see
  /// ``init(jsonText:)``.
  ///
  /// ```swift
  /// let value = try TraceValue(jsonData: Array("[1,2,3]".utf8))
  /// ```
  public init(jsonData: some Collection<UInt8>) throws {
    self = try JSONScanner.withScanner(over: jsonData) { try $0.readDocument() }
  }

  /// The keys that mark an object standing for something JSON cannot say directly.
  enum MarkerKey: String {
    /// `{"$redacted":true}` is ``TraceValue/redacted``.
    case redacted = "$redacted"
    /// `{"$double":"nan"}` is a non-finite double: `"nan"`, `"inf"` or `"-inf"`.
    case double = "$double"
    /// `{"$object":{…}}` is the wrapped object itself, read without looking for markers.
    case object = "$object"

    /// The value a marker object with these `fields` stands for, if it is well formed.
    func value(of fields: [Field]) -> TraceValue? {
      guard fields.count == 1 else { return nil }
      switch (self, fields[0].value) {
      case (.redacted, .bool(true)): return .redacted
      case (.double, .string("nan")): return .double(.nan)
      case (.double, .string("inf")): return .double(.infinity)
      case (.double, .string("-inf")): return .double(-.infinity)
      default: return nil
      }
    }
  }
}
